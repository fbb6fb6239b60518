/**
 * The transaction lock of an Integration's billing in one currency: Payouts joining Payruns, Payruns closing
 * and paid, Prepayments used and changed, Invoices issued all take it first. Here, below every billing
 * folder, so that each takes it without importing the others.
 */
import type { Prisma } from "@/generated/prisma/client";
import { advisoryXactLock, executeIn } from "@/db/query-builder";

/** Serialises membership and state changes of the Payruns of one Integration and currency (until commit). */
export async function lockPayruns(tx: Prisma.TransactionClient, integrationPk: string, currency: string): Promise<void> {
  await executeIn(tx, advisoryXactLock(`payrun:${integrationPk}:${currency}`));
}
