"use client";

import { useCallback, useSyncExternalStore } from "react";
import { readIntegrationCookie, subscribeIntegrationCookie } from "../integration-choice";
import { trpc } from "../trpc";
import { withScope } from "../url-state";

/**
 * Adds the current environment and Integration to a detail page's path (`withScope`), for every link to an object
 * and every navigation to one. The Integration is the cookie's, which is what the server acts as. Operators' pages
 * have no such scope: their paths are left as they are.
 */
export function useScopedPath(): (path: string) => string {
  const me = trpc.session.me.useQuery();
  const integration = useSyncExternalStore(subscribeIntegrationCookie, readIntegrationCookie, () => undefined);
  const env = me.data?.role === "client" ? me.data.environment : null;
  return useCallback((path: string) => (env ? withScope(path, { env, integration: integration ?? null }) : path), [env, integration]);
}
