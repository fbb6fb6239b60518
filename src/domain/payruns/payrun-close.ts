/**
 * Closing a Payrun (finalising it): no more Payouts join it, its Invoice is issued, and the Integration's
 * prepaid money pays what it can of that Invoice (first in, first out); when that pays it in full, the
 * Payrun is paid at once and its Payouts are notified. All in the caller's transaction, under the Payrun lock.
 */
import type { InTx, ServiceContext } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { usePrepayments } from "@/domain/prepayments/prepayment-use";
import { t } from "@/i18n/locale";
import { payPayrunInTx } from "./payrun-payment";
import { closeAndInvoice, lockedUnpaid } from "./payrun-service";

/** Closes the open Payrun `payrunPk` (locked by the caller) and settles it from prepayments; returns its Invoice's pk. */
export async function closeAndSettle(tx: Prisma.TransactionClient, payrunPk: string, ctx: InTx, dueDate?: string): Promise<string> {
  const invoicePk = await closeAndInvoice(tx, payrunPk, ctx.clock, dueDate);
  const payrun = await tx.payrun.findUniqueOrThrow({ where: { pk: payrunPk }, select: { pk: true, integrationPk: true, currency: true } });
  if (await usePrepayments(tx, payrun, invoicePk)) await payPayrunInTx(tx, payrunPk, ctx);
  return invoicePk;
}

export async function closePayrun(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const current = await lockedUnpaid(tx, ctx.scope, id);
    if (!current.open) throw new DomainError("conflict", t("payrun_already_closed"));
    await closeAndSettle(tx, current.pk, ctx);
  });
}
