import type { Environment } from "./trpc";

/** Read by the server (src/http/principal.ts) on every dashboard request. */
export const ENV_COOKIE = "payroute_env";

export function setEnvironmentCookie(env: Environment): void {
  document.cookie = `${ENV_COOKIE}=${env}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}
