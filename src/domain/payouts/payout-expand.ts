/** `expand=payrun` (and the deprecated `expand=invoice`, its mirror) on Payouts: the Payrun object inline. */
import type { Prisma } from "@/generated/prisma/client";
import { payrunSelect, toPayrunsApi } from "@/domain/payruns/payrun-representation";
import type { TPayrun } from "@/domain/payruns/payrun-schemas";
import { toPayoutApi, type PayoutRow } from "./payout-representation";
import type { TPayout } from "./payout-schemas";

export async function toPayoutsApiExpanded(
  tx: Prisma.TransactionClient,
  rows: PayoutRow[],
  expand: readonly string[] = [],
  baseUrl: string,
): Promise<TPayout[]> {
  const payouts = rows.map((row) => toPayoutApi(row, expand));
  if (!expand.includes("payrun") && !expand.includes("invoice")) return payouts;
  const pks = [...new Set(rows.map((r) => r.payrunPk))];
  const payrunRows = await tx.payrun.findMany({ where: { pk: { in: pks } }, select: payrunSelect });
  const apis = await toPayrunsApi(tx, payrunRows, baseUrl);
  const byPk = new Map<string, TPayrun>(payrunRows.map((r, i) => [r.pk, apis[i]]));
  return payouts.map((payout, i) => {
    const payrun = byPk.get(rows[i].payrunPk);
    if (!payrun) return payout;
    return { ...payout, payrun: expand.includes("payrun") ? payrun : payout.payrun, invoice: expand.includes("invoice") ? payrun : payout.invoice };
  });
}
