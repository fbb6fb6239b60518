import { cookieValue } from "@/lib/cookie-value";

/**
 * The Integration the dashboard acts as. A browser cannot send the `Integration-ID` header, so the
 * server reads this cookie instead (src/trpc/init.ts, `integrationProcedure`).
 */
export const INTEGRATION_COOKIE = "payroute_integration";

interface Choosable {
  id: string;
  type: number;
}

/**
 * The Integration to act as: the one the cookie names when it is in the list, else the account's
 * type-1 web-app Integration (also when the cookie names one of the other environment), else the first.
 */
export function resolveIntegration<T extends Choosable>(integrations: readonly T[], chosenId: string | undefined): T | undefined {
  return integrations.find((i) => i.id === chosenId) ?? integrations.find((i) => i.type === 1) ?? integrations[0];
}

export function readIntegrationCookie(): string | undefined {
  return typeof document === "undefined" ? undefined : cookieValue(document.cookie, INTEGRATION_COOKIE);
}

// document.cookie has no change event, so writers notify the readers (useSyncExternalStore) themselves.
const listeners = new Set<() => void>();

export function subscribeIntegrationCookie(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function setIntegrationCookie(id: string): void {
  document.cookie = `${INTEGRATION_COOKIE}=${encodeURIComponent(id)}; path=/; max-age=${60 * 60 * 24 * 365}; SameSite=Lax`;
  for (const listener of listeners) listener();
}

/** No Integration chosen: Integration-scoped pages wait until the list of the environment picks one. */
export function clearIntegrationCookie(): void {
  document.cookie = `${INTEGRATION_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
  for (const listener of listeners) listener();
}
