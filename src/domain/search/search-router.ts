import { accountProcedure, integrationProcedure, router } from "@/trpc/init";
import { assertPermitted } from "@/trpc/permissions";
import { globalSearch } from "./search-global";
import { locateObject } from "./search-locate";
import { ZGlobalSearch, ZGlobalSearchQuery, ZLocateQuery, ZLocation, type TLocatable } from "./search-schemas";

/** The procedure that shows each kind: where an object is, is told only to those who may open it (webhooks: admins). */
const SHOWN_BY: Record<TLocatable, string> = {
  employee: "employees.get",
  payout: "payouts.get",
  payrun: "payruns.get",
  invoice: "invoices.get",
  prepayment: "prepayments.get",
  registration: "registrations.get",
  webhook: "webhooks.get",
  integration: "integrations.get",
};

/** The dashboard's command palette, and where a detail page's object is (dashboard only, no /v2/ path). */
export const searchRouter = router({
  global: integrationProcedure
    .input(ZGlobalSearchQuery)
    .output(ZGlobalSearch)
    .query(({ ctx, input }) => globalSearch(ctx, input.q)),
  locate: accountProcedure
    .input(ZLocateQuery)
    .output(ZLocation)
    .query(({ ctx, input }) => {
      assertPermitted(SHOWN_BY[input.kind], ctx);
      return locateObject(ctx, input.kind, input.id);
    }),
});
