"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";
import { readIntegrationCookie, resolveIntegration, setIntegrationCookie, subscribeIntegrationCookie } from "../integration-choice";
import type { Integration } from "../integrations/integration-types";
import { trpc } from "../trpc";

/** Enough for a picker; an account with more Integrations still gets its web-app one (created first, listed first). */
const PICKER_PAGE = { page: 1, page_size: 100 };

type Utils = ReturnType<typeof trpc.useUtils>;

/** Everything cached from an Integration-scoped procedure belongs to the previous Integration: drop it rather than show it under the new one. */
function resetIntegrationScoped(utils: Utils): Promise<unknown> {
  return Promise.all([
    utils.employees.list.reset(),
    utils.employees.get.reset(),
    utils.messages.list.reset(),
    utils.messages.get.reset(),
    utils.webhooks.list.reset(),
    utils.webhooks.get.reset(),
    utils.webhooks.deliveries.reset(),
    utils.payouts.list.reset(),
    utils.payouts.totals.reset(),
    utils.payouts.get.reset(),
    utils.payruns.list.reset(),
    utils.payruns.get.reset(),
    utils.invoices.list.reset(),
    utils.invoices.get.reset(),
    utils.prepayments.list.reset(),
    utils.prepayments.get.reset(),
    utils.prepayments.uses.reset(),
  ]);
}

export interface CurrentIntegration {
  integrations: Integration[];
  /** Set once the cookie names this Integration, so that Integration-scoped queries may run. */
  current: Integration | undefined;
  isLoading: boolean;
  error: string | null;
  choose: (id: string) => Promise<void>;
}

/**
 * The Integration the dashboard acts as, from the `payroute_integration` cookie checked against the
 * account's list; a missing or stale cookie (another environment, a deleted Integration) is replaced
 * by the web-app Integration.
 */
export function useCurrentIntegration(enabled = true): CurrentIntegration {
  const utils = trpc.useUtils();
  const list = trpc.integrations.list.useQuery(PICKER_PAGE, { enabled });
  const cookie = useSyncExternalStore(subscribeIntegrationCookie, readIntegrationCookie, () => undefined);
  const integrations = list.data?.results ?? [];
  const resolved = list.data ? resolveIntegration(list.data.results, cookie) : undefined;
  const resolvedId = resolved?.id;

  useEffect(() => {
    // Read afresh: several components use this hook, and the first one to get here already fixed it.
    if (resolvedId === undefined || readIntegrationCookie() === resolvedId) return;
    setIntegrationCookie(resolvedId);
    void resetIntegrationScoped(utils);
  }, [resolvedId, utils]);

  const choose = useCallback(
    async (id: string) => {
      if (id === readIntegrationCookie()) return;
      setIntegrationCookie(id);
      await resetIntegrationScoped(utils);
    },
    [utils],
  );

  return {
    integrations,
    current: resolved && resolved.id === cookie ? resolved : undefined,
    isLoading: list.isPending,
    error: list.error?.message ?? null,
    choose,
  };
}
