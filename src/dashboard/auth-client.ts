/** better-auth's browser client, built on first use: `window` does not exist while Next prerenders. */
import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

function build() {
  // twoFactorClient: the `twoFactor.*` calls (enable, verifyTotp, verifyBackupCode, disable); the login form
  // itself reads `twoFactorRedirect` from the sign-in's answer.
  return createAuthClient({ baseURL: window.location.origin, basePath: "/api/auth", plugins: [twoFactorClient()] });
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
