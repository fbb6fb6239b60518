/** Sums of the Payouts a list's filters match, per currency, added up by the database in exact decimals. */
import { z } from "zod";
import type { ScopedDb } from "@/domain/shared/service-context";
import { formatMoney } from "@/domain/pricing/pricing";
import { ZListPayoutsQuery } from "./payout-schemas";
import { payoutWhere, type PayoutMatch } from "./payout-service";

/** The list's filters without paging or expansion: the totals cover every matching Payout, not one page. */
export const ZPayoutTotalsQuery = ZListPayoutsQuery.omit({ page: true, page_size: true, expand: true });

export const ZPayoutTotals = z.object({
  /** One row per currency, in alphabetical order; none when nothing matches. */
  currencies: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      amount: z.string().meta({ description: "Sum of the amounts, decimal with two places" }),
      cost: z.string().meta({ description: "Sum of the costs, decimal with two places" }),
    }),
  ),
});
export type TPayoutTotals = z.infer<typeof ZPayoutTotals>;

export async function payoutTotals({ db, scope }: ScopedDb, q: PayoutMatch): Promise<TPayoutTotals> {
  const groups = await db.payout.groupBy({
    by: ["currency"],
    where: payoutWhere(scope, q),
    _count: { _all: true },
    _sum: { amount: true, cost: true },
    orderBy: { currency: "asc" },
  });
  return {
    currencies: groups.map((g) => ({
      currency: g.currency,
      count: g._count._all,
      amount: g._sum.amount ? formatMoney(g._sum.amount) : "0.00",
      cost: g._sum.cost ? formatMoney(g._sum.cost) : "0.00",
    })),
  };
}
