/** better-auth's browser client, built on first use: `window` does not exist while Next prerenders. */
import { createAuthClient } from "better-auth/react";

function build() {
  return createAuthClient({ baseURL: window.location.origin, basePath: "/api/auth" });
}

let client: ReturnType<typeof build> | undefined;

export function authClient() {
  client ??= build();
  return client;
}

/** Ends the session, then reloads so that no cached data of the signed-out person survives. */
export async function signOut(): Promise<void> {
  await authClient().signOut();
  window.location.assign("/login");
}
