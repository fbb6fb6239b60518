/**
 * Paying a Payrun is the service's act (an operator in the dashboard; in demo also the API). It closes the
 * Payrun if still open (issuing its Invoice), sets paid_at, records the Invoice paid in full (paid_at,
 * amount_paid) and records Payrun.paid; then an outbox job notifies its Payouts in batches (notified_at,
 * Payout.notified, an email each; payouts/payout-notify.ts), so that a large Payrun is not one huge transaction.
 * No money moves in demo.
 */
import { OPERATOR_VIEW_ROWS, ownerOf, rowIntegration } from "@/domain/shared/operator-rows";
import type { InTx, ServiceContext, Unscoped } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound } from "@/domain/errors";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { t } from "@/i18n/locale";
import { markPayrunInvoicePaid } from "@/domain/billing/invoice-issue";
import { payrunSelect, toPayrunsApi } from "./payrun-representation";
import type { TPayrun } from "./payrun-schemas";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { recordPayrunEvent } from "./payrun-service";
import { recordAudit, type AuditActor } from "@/domain/audit/audit-record";
import { realNow } from "@/domain/shared/demo-clock";

export const NOTIFY_PAYOUTS_JOB = "payrun.notify_payouts";

/** `POST /v2/payruns/{id}/pay/`: the client stands in for the bank transfer, in the demo environment only. */
export async function payDemoPayrun(ctx: ServiceContext, id: string, actor: AuditActor): Promise<TPayrun> {
  if (ctx.scope.environment !== "demo") throw new DomainError("forbidden", t("payrun_pay_demo_only"));
  return markPayrunPaid(ctx, { id, integrationPk: ctx.scope.integrationPk }, actor);
}

/**
 * Marks the Payrun matched by `where` paid. `where` carries the caller's scope (or a pk, for operators). The
 * audit log records it as what the person marked paid: the Payrun, or (`asInvoice`) the Payrun's Invoice.
 */
export async function markPayrunPaid(ctx: Unscoped, where: Prisma.PayrunWhereInput, actor: AuditActor, asInvoice = false): Promise<TPayrun> {
  return ctx.db.$transaction(async (tx) => {
    const found = await tx.payrun.findFirst({
      where,
      select: { pk: true, id: true, name: true, currency: true, integrationPk: true, integration: { select: { accountPk: true, environment: true } } },
    });
    if (!found) throw notFound();
    await lockPayruns(tx, found.integrationPk, found.currency);
    const current = await tx.payrun.findUniqueOrThrow({ where: { pk: found.pk }, select: { paidAt: true } });
    if (current.paidAt) throw new DomainError("conflict", t("payrun_already_paid"));
    const payrun = await payPayrunInTx(tx, found.pk, ctx);
    const invoice = asInvoice ? await tx.invoice.findUnique({ where: { payrunPk: found.pk }, select: { id: true, number: true, total: true } }) : null;
    await recordAudit(tx, {
      at: realNow(ctx.clock),
      accountPk: found.integration.accountPk,
      environment: found.integration.environment,
      actor,
      action: invoice ? "invoice.marked_paid" : "payrun.marked_paid",
      // Labels people read in the log: the invoice's number, the Payrun's name (an unnamed one shows its kind and id).
      target: invoice
        ? { type: "invoice", id: invoice.id, label: invoice.number?.toString() ?? null }
        : { type: "payrun", id: found.id, label: found.name?.trim() || null },
      before: { paid_at: null },
      after: { paid_at: payrun.paid_at, ...(invoice?.total ? { total: invoice.total.toFixed(2) } : {}) },
    });
    return payrun;
  });
}

/**
 * The payment itself, inside the caller's transaction (which holds the Payrun lock and has checked that it
 * is unpaid): closed if still open, paid, its Invoice paid in full, Payrun.paid, and its Payouts' notification
 * queued. Also how a Payrun fully paid from Prepayments on closing is settled.
 */
export async function payPayrunInTx(tx: Prisma.TransactionClient, pk: string, { baseUrl, clock }: InTx): Promise<TPayrun> {
  const now = clock.now();
  const row = await tx.payrun.findUniqueOrThrow({
    where: { pk },
    select: { closedAt: true, integrationPk: true, integration: { select: { accountPk: true, environment: true } } },
  });
  await tx.payrun.update({ where: { pk }, data: { open: false, closedAt: row.closedAt ?? now, paidAt: now } });
  await markPayrunInvoicePaid(tx, pk, now);
  const scope = { accountPk: row.integration.accountPk, environment: row.integration.environment, integrationPk: row.integrationPk };
  const payrun = await recordPayrunEvent(tx, "Payrun.paid", scope, pk, baseUrl, now);
  await enqueueJob(tx, { kind: NOTIFY_PAYOUTS_JOB, payload: { payrunPk: pk, baseUrl }, runAt: now });
  return payrun;
}

/** The operators' view: unpaid Payruns that hold Payouts, in every account and environment, oldest first. */
/** The review team's Payrun payments queue: unpaid Payruns with Payouts. */
export const UNPAID_PAYRUN_WHERE = { paidAt: null, payouts: { some: {} } } satisfies Prisma.PayrunWhereInput;

export async function unpaidPayruns({ db, baseUrl }: Pick<Unscoped, "db" | "baseUrl">) {
  const rows = await db.payrun.findMany({
    where: UNPAID_PAYRUN_WHERE,
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
    take: OPERATOR_VIEW_ROWS,
    select: { ...payrunSelect, integration: rowIntegration },
  });
  // With their Invoices (OCR reference and total, VAT included), which bank transfers are matched against.
  const payruns = await toPayrunsApi(db, rows, baseUrl, ["invoice"]);
  return rows.map((r, i) => ({ ...ownerOf(r), payrun: payruns[i] }));
}
