/**
 * Payouts made by people in the dashboard, in the audit log: one record per Payout created, and one per import
 * (its count and sums, not a record per row). What a key creates through /v2/ is the integration's traffic,
 * kept in the request log instead: the audit log would otherwise grow by every row of every payroll.
 */
import type { Prisma } from "@/generated/prisma/client";
import { recordAudit, type AuditActor } from "@/domain/audit/audit-record";
import type { IntegrationScope } from "@/domain/scope";
import type { PayoutRow } from "./payout-representation";

/** Each currency's sum of the Payouts' amounts, as decimal strings (money is never a float). */
function sumsByCurrency(rows: readonly PayoutRow[]): Record<string, string> {
  const sums = new Map<string, Prisma.Decimal>();
  for (const r of rows) {
    const sum = sums.get(r.currency);
    sums.set(r.currency, sum ? sum.plus(r.amount) : r.amount);
  }
  return Object.fromEntries([...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, sum]) => [currency, sum.toFixed(2)]));
}

/** Records the Payouts a person made (in the transaction that made them): `bulk` is an import. */
export async function recordPayoutsMade(
  tx: Prisma.TransactionClient,
  { scope, actor, at }: { scope: IntegrationScope; actor: AuditActor; at: Date },
  rows: readonly PayoutRow[],
  bulk: boolean,
): Promise<void> {
  if (actor.kind === "api_key" || rows.length === 0) return;
  const where = { at, accountPk: scope.accountPk, environment: scope.environment, actor };
  if (!bulk) {
    const [row] = rows;
    await recordAudit(tx, {
      ...where,
      action: "payout.created",
      target: { type: "payout", id: row.id, label: row.employee.name },
      after: { amount: row.amount.toFixed(2), currency: row.currency, employee: row.employee.id, description: row.description },
    });
    return;
  }
  await recordAudit(tx, {
    ...where,
    action: "payout.imported",
    target: { type: "payout" },
    after: { count: rows.length, amounts: sumsByCurrency(rows), first: rows[0].id, last: rows[rows.length - 1].id },
  });
}
