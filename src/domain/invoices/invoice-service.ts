/** Invoices of an Integration: list, retrieve, issue (which, for a Payrun's pro-forma, closes the Payrun) and the PDF. */
import type { ScopedDb, ServiceContext } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { closeAndSettle } from "@/domain/payruns/payrun-close";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { issueInvoiceInTx, utcDate } from "@/domain/billing/invoice-issue";
import { renderInvoicePdf } from "./invoice-pdf";
import { invoiceApi, invoiceSelect, type InvoiceRow } from "@/domain/billing/invoice-representation";
import { MAX_DUE_DAYS, type TFileOutput, type TInvoice, type TListInvoicesQuery } from "@/domain/billing/invoice-schemas";
import { invoiceDocument, type InvoiceDocumentSettings } from "./invoice-document";

const scoped = (scope: IntegrationScope, id: string): Prisma.InvoiceWhereInput => ({ id, integrationPk: scope.integrationPk });

export const INVOICE_STATUS_WHERE: Record<NonNullable<TListInvoicesQuery["status"]>, Prisma.InvoiceWhereInput> = {
  proforma: { issuedAt: null },
  invoice: { issuedAt: { not: null }, paidAt: null },
  paid: { paidAt: { not: null } },
};

function orderBy(ordering: TListInvoicesQuery["ordering"]): Prisma.InvoiceOrderByWithRelationInput[] {
  const value = ordering ?? "-created_at";
  const sort: Prisma.SortOrder = value.startsWith("-") ? "desc" : "asc";
  // Not-yet-set dates (unpaid, pro-forma) come last either way; pk breaks ties so that pages are stable.
  const nullable = { sort, nulls: "last" } as const;
  const first: Prisma.InvoiceOrderByWithRelationInput = value.endsWith("paid_at")
    ? { paidAt: nullable }
    : value.endsWith("due_date")
      ? { dueDate: nullable }
      : { createdAt: sort };
  return [first, { pk: "asc" }];
}

/**
 * Overdue: issued, unpaid, and its due date is before today (UTC) by the caller's clock, so a demo Invoice falls
 * overdue when its account's demo clock passes the date.
 */
export function overdueWhere(now: Date): Prisma.InvoiceWhereInput {
  return { issuedAt: { not: null }, paidAt: null, dueDate: { lt: new Date(`${utcDate(now)}T00:00:00Z`) } };
}

export async function listInvoices(
  { db, scope, clock }: ScopedDb & Pick<ServiceContext, "clock">,
  q: TListInvoicesQuery,
): Promise<{ count: number; rows: InvoiceRow[] }> {
  const overdue = q.overdue === undefined ? [] : [q.overdue ? overdueWhere(clock.now()) : { NOT: overdueWhere(clock.now()) }];
  const where: Prisma.InvoiceWhereInput = {
    integrationPk: scope.integrationPk,
    billingType: q.billing_type,
    AND: [q.status ? INVOICE_STATUS_WHERE[q.status] : {}, ...overdue],
  };
  return countedPage(db.invoice.count({ where }), db.invoice.findMany({ where, select: invoiceSelect, orderBy: orderBy(q.ordering), ...pageWindow(q) }));
}

/** PATCH /v2/invoices/{id}/: sets the Invoice's metadata (given) in any state. */
export async function updateInvoice(
  { db, scope, baseUrl }: Omit<ServiceContext, "clock">,
  id: string,
  patch: { metadata?: Prisma.InputJsonObject },
): Promise<TInvoice> {
  return db.$transaction(async (tx) => {
    const row = await orNotFound(tx.invoice.findFirst({ where: scoped(scope, id), select: { pk: true } }));
    if (patch.metadata !== undefined) await tx.invoice.update({ where: { pk: row.pk }, data: { metadata: patch.metadata } });
    return invoiceApi(tx, row.pk, baseUrl);
  });
}

export async function getInvoice({ db, scope, baseUrl }: Omit<ServiceContext, "clock">, id: string): Promise<TInvoice> {
  const row = await orNotFound(db.invoice.findFirst({ where: scoped(scope, id), select: { pk: true } }));
  return invoiceApi(db, row.pk, baseUrl);
}

/** The due date chosen on issue: today (UTC) up to MAX_DUE_DAYS ahead, else a field error. */
function checkDueDate(dueDate: string | undefined, now: Date): void {
  if (dueDate === undefined) return;
  const min = utcDate(now);
  const max = utcDate(now, MAX_DUE_DAYS);
  if (dueDate < min || dueDate > max) throw new DomainError("validation", { due_date: [t("due_date_range", { min, max })] });
}

/**
 * Issues a pro-forma Invoice: for a Payrun's, by closing the Payrun (as POST /v2/payruns/{id}/close/ does);
 * a Prepayment's leaves DRAFT for INVOICED.
 * 403 when the Integration may not issue Invoices, 409 once issued.
 */
export async function issueInvoice(ctx: ServiceContext, id: string, dueDate: string | undefined): Promise<TInvoice> {
  const { db, scope, baseUrl, clock } = ctx;
  checkDueDate(dueDate, clock.now());
  return db.$transaction(async (tx) => {
    const found = await tx.invoice.findFirst({
      where: scoped(scope, id),
      select: { pk: true, payrunPk: true, currency: true, integration: { select: { invoiceEnabled: true } } },
    });
    if (!found) throw notFound();
    if (!found.integration.invoiceEnabled) throw new DomainError("forbidden", t("invoice_issue_disabled"));
    await lockPayruns(tx, scope.integrationPk, found.currency);
    const current = await tx.invoice.findUniqueOrThrow({ where: { pk: found.pk }, select: { issuedAt: true, payrunPk: true, prepaymentPk: true } });
    if (current.issuedAt) throw new DomainError("conflict", t("invoice_already_issued"));
    if (current.payrunPk) await closeAndSettle(tx, current.payrunPk, ctx, dueDate);
    else if (current.prepaymentPk) await issueInvoiceInTx(tx, found.pk, clock.now(), dueDate);
    else throw new DomainError("conflict", t("invoice_already_issued"));
    return invoiceApi(tx, found.pk, baseUrl);
  });
}

/** The issued Invoice as a PDF; a pro-forma has none (404). */
/** `ctx`: the request's, whose `baseUrl` and `bankgiro` the document prints. */
export async function invoicePdf(ctx: ScopedDb & InvoiceDocumentSettings, id: string): Promise<TFileOutput> {
  const row = await orNotFound(ctx.db.invoice.findFirst({ where: { ...scoped(ctx.scope, id), issuedAt: { not: null } }, select: { pk: true } }));
  const doc = await invoiceDocument(ctx.db, row.pk, ctx);
  const pdf = await renderInvoicePdf(doc);
  return { filename: `invoice-${doc.invoiceNumber}.pdf`, content_type: "application/pdf", base64: pdf.toString("base64") };
}
