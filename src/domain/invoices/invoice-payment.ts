/**
 * Recording an Invoice's payment, whatever it bills: a Payrun's is the Payrun's payment (its Payouts are then
 * notified); a Prepayment's makes the Prepayment's net amount available to Payruns. A pro-forma is issued
 * first. In demo the client may do this (it stands in for the bank transfer); in live, the review team does.
 */
import { OPERATOR_VIEW_ROWS, ownerOf, rowIntegration } from "@/domain/shared/operator-rows";
import type { ServiceContext, Unscoped } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound } from "@/domain/errors";
import { markPayrunPaid } from "@/domain/payruns/payrun-payment";
import { markPrepaymentPaid } from "@/domain/prepayments/prepayment-service";
import { t } from "@/i18n/locale";
import { issueInvoiceInTx, recordInvoicePaid } from "@/domain/billing/invoice-issue";
import { invoiceApi, invoiceSelect, toInvoicesApi } from "@/domain/billing/invoice-representation";
import type { TInvoice } from "@/domain/billing/invoice-schemas";
import { recordAudit, type AuditActor } from "@/domain/audit/audit-record";
import { realNow } from "@/domain/shared/demo-clock";

/** `POST /v2/invoices/{id}/pay/`: the client stands in for the bank transfer, in the demo environment only. */
export async function payDemoInvoice(ctx: ServiceContext, id: string, actor: AuditActor): Promise<TInvoice> {
  if (ctx.scope.environment !== "demo") throw new DomainError("forbidden", t("invoice_pay_demo_only"));
  return payInvoice(ctx, { id, integrationPk: ctx.scope.integrationPk }, actor);
}

/** Records the Invoice matched by `where` paid, by `actor` (in the audit log as invoice.marked_paid). */
export async function payInvoice(ctx: Unscoped, where: Prisma.InvoiceWhereInput, actor: AuditActor): Promise<TInvoice> {
  const { db, baseUrl, clock } = ctx;
  const found = await db.invoice.findFirst({
    where,
    select: { pk: true, id: true, payrunPk: true, prepaymentPk: true, integration: { select: { accountPk: true, environment: true } } },
  });
  if (!found) throw notFound();
  if (found.payrunPk) {
    await markPayrunPaid(ctx, { pk: found.payrunPk }, actor, true);
    return invoiceApi(db, found.pk, baseUrl);
  }
  const prepaymentPk = found.prepaymentPk;
  if (!prepaymentPk) throw new DomainError("conflict", t("invoice_already_paid"));
  return db.$transaction(async (tx) => {
    const now = clock.now();
    // Takes the Prepayment's row lock first, so that of two concurrent payments the second sees the first.
    await tx.prepayment.update({ where: { pk: prepaymentPk }, data: { updatedAt: now } });
    const current = await tx.invoice.findUniqueOrThrow({ where: { pk: found.pk }, select: { paidAt: true } });
    if (current.paidAt) throw new DomainError("conflict", t("invoice_already_paid"));
    await issueInvoiceInTx(tx, found.pk, now);
    await recordInvoicePaid(tx, found.pk, now);
    await markPrepaymentPaid(tx, prepaymentPk, now);
    const paid = await invoiceApi(tx, found.pk, baseUrl);
    await recordAudit(tx, {
      at: realNow(clock),
      accountPk: found.integration.accountPk,
      environment: found.integration.environment,
      actor,
      action: "invoice.marked_paid",
      target: { type: "invoice", id: found.id, label: paid.invoice_number },
      before: { paid_at: null },
      after: { paid_at: paid.paid_at, total: paid.total },
    });
    return paid;
  });
}

/**
 * The operators' view of issued, unpaid Prepayment Invoices in every account and environment, oldest first
 * (unpaid Payruns have their own view, `payruns.unpaid`): what bank transfers are matched against.
 */
/** The review team's Prepayment payments queue: issued, unpaid prepayment Invoices. */
export const UNPAID_PREPAYMENT_INVOICE_WHERE = { billingType: "prepayment", issuedAt: { not: null }, paidAt: null } satisfies Prisma.InvoiceWhereInput;

export async function unpaidPrepaymentInvoices({ db, baseUrl }: Pick<Unscoped, "db" | "baseUrl">) {
  const rows = await db.invoice.findMany({
    where: UNPAID_PREPAYMENT_INVOICE_WHERE,
    orderBy: [{ issuedAt: "asc" }, { pk: "asc" }],
    take: OPERATOR_VIEW_ROWS,
    select: { ...invoiceSelect, integration: rowIntegration },
  });
  const invoices = await toInvoicesApi(db, rows, baseUrl);
  return rows.map((r, i) => ({ ...ownerOf(r), invoice: invoices[i] }));
}
