/**
 * Prepaid money at work, inside the caller's transaction, which holds the Payrun lock of the Integration and
 * currency (`lockPayruns`): the balances, the reservations and the uses only change under it.
 *
 * - A Payout whose price (cost and VAT) fits in the free prepaid balance is covered when created (`prepaid`)
 *   and notified at once; the money stays reserved until its Payrun closes.
 * - A closing Payrun uses the balances first in, first out (oldest payment first) to pay its Invoice, leaving
 *   alone what other open Payruns' covered Payouts have reserved. Each use is a PrepaymentUse row.
 */
import { Prisma } from "@/generated/prisma/client";
import { payoutVat } from "@/domain/pricing/stored-breakdown";

const ZERO = new Prisma.Decimal(0);

/** A Payout's cost plus its VAT, as priced: what it adds to its Payrun's Invoice total. */
function payoutTotal(row: { pk: string; cost: Prisma.Decimal; breakdown: Prisma.JsonValue }): Prisma.Decimal {
  return row.cost.plus(payoutVat(row));
}

/** The paid, unused balances of the Integration in `currency`, oldest payment first (the FIFO order). */
function balances(tx: Prisma.TransactionClient, integrationPk: string, currency: string) {
  return tx.prepayment.findMany({
    where: { integrationPk, currency, paidAt: { not: null }, availableBalance: { gt: 0 } },
    select: { pk: true, availableBalance: true },
    orderBy: [{ paidAt: "asc" }, { createdAt: "asc" }, { pk: "asc" }],
  });
}

/** What covered Payouts of open Payruns (all but `exceptPayrunPk`) have reserved. */
async function reserved(tx: Prisma.TransactionClient, integrationPk: string, currency: string, exceptPayrunPk?: string): Promise<Prisma.Decimal> {
  const covered = await tx.payout.findMany({
    where: { integrationPk, currency, prepaid: true, payrun: { open: true, pk: exceptPayrunPk ? { not: exceptPayrunPk } : undefined } },
    select: { pk: true, cost: true, breakdown: true },
  });
  return covered.reduce((sum, p) => sum.plus(payoutTotal(p)), ZERO);
}

/** Prepaid money not yet used nor reserved. */
export async function freePrepaidBalance(
  tx: Prisma.TransactionClient,
  integrationPk: string,
  currency: string,
  exceptPayrunPk?: string,
): Promise<Prisma.Decimal> {
  const total = (await balances(tx, integrationPk, currency)).reduce((sum, b) => sum.plus(b.availableBalance), ZERO);
  const free = total.minus(await reserved(tx, integrationPk, currency, exceptPayrunPk));
  return free.isNegative() ? ZERO : free;
}

/**
 * Marks as covered, in order, the new Payouts (`pks`, one currency) whose price fits in the free balance.
 * Returns the covered ones, for the caller to notify.
 */
export async function coverPayouts(tx: Prisma.TransactionClient, integrationPk: string, currency: string, pks: string[]): Promise<string[]> {
  let free = await freePrepaidBalance(tx, integrationPk, currency);
  if (free.isZero() || pks.length === 0) return [];
  const rows = await tx.payout.findMany({ where: { pk: { in: pks }, integrationPk }, select: { pk: true, cost: true, breakdown: true } });
  const byPk = new Map(rows.map((r) => [r.pk, r]));
  const covered: string[] = [];
  for (const pk of pks) {
    const row = byPk.get(pk);
    if (!row) continue;
    const price = payoutTotal(row);
    if (price.greaterThan(free)) continue;
    free = free.minus(price);
    covered.push(pk);
  }
  if (covered.length) await tx.payout.updateMany({ where: { pk: { in: covered }, integrationPk }, data: { prepaid: true } });
  return covered;
}

/**
 * Pays what it can of a just-issued Payrun Invoice from the Integration's prepaid balances (FIFO), recording
 * each use. Returns whether the Invoice is now paid in full (then the caller marks the Payrun paid).
 */
export async function usePrepayments(
  tx: Prisma.TransactionClient,
  payrun: { pk: string; integrationPk: string; currency: string },
  invoicePk: string,
): Promise<boolean> {
  const invoice = await tx.invoice.findUniqueOrThrow({ where: { pk: invoicePk }, select: { total: true, amountPaid: true } });
  const due = (invoice.total ?? ZERO).minus(invoice.amountPaid);
  if (!due.greaterThan(0)) return false;
  let budget = Prisma.Decimal.min(due, await freePrepaidBalance(tx, payrun.integrationPk, payrun.currency, payrun.pk));
  let used = ZERO;
  for (const balance of await balances(tx, payrun.integrationPk, payrun.currency)) {
    if (!budget.greaterThan(0)) break;
    const amount = Prisma.Decimal.min(balance.availableBalance, budget);
    await tx.prepayment.update({ where: { pk: balance.pk }, data: { availableBalance: { decrement: amount } } });
    await tx.prepaymentUse.create({ data: { prepaymentPk: balance.pk, payrunPk: payrun.pk, amount } });
    budget = budget.minus(amount);
    used = used.plus(amount);
  }
  if (used.isZero()) return false;
  await tx.invoice.update({ where: { pk: invoicePk }, data: { prepaid: { increment: used }, amountPaid: { increment: used } } });
  return used.equals(due);
}
