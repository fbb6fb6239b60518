/** An Invoice as the API shows it. A pro-forma's totals are its Payrun's as they are now; an issued one's are stored. */
import { Prisma } from "@/generated/prisma/client";
import { jsonText, qb, runIn } from "@/db/query-builder";
import { formatMoney } from "@/domain/pricing/pricing";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import type { TInvoice } from "./invoice-schemas";
import { BILLING_TYPES } from "./invoice-schemas";

export const invoiceSelect = {
  pk: true,
  id: true,
  billingType: true,
  currency: true,
  ocr: true,
  subtotal: true,
  vat: true,
  total: true,
  amountPaid: true,
  dueDate: true,
  customerReference: true,
  recipient: true,
  email: true,
  addressLine1: true,
  addressLine2: true,
  zipCode: true,
  city: true,
  metadata: true,
  createdAt: true,
  issuedAt: true,
  paidAt: true,
  payrunPk: true,
  payrun: { select: { id: true } },
  prepaid: true,
  prepayment: { select: { id: true, netAmount: true } },
} satisfies Prisma.InvoiceSelect;

export type InvoiceRow = Prisma.InvoiceGetPayload<{ select: typeof invoiceSelect }>;

export interface Totals {
  subtotal: Prisma.Decimal;
  vat: Prisma.Decimal;
}

const ZERO = new Prisma.Decimal(0);

/**
 * The cost and VAT of the Payouts of each Payrun, summed in the database. The VAT is each Payout's own, as
 * priced and stored in its breakdown (src/domain/pricing): never recomputed from the sum.
 */
export async function payrunTotals(tx: Prisma.TransactionClient, payrunPks: string[]): Promise<Map<string, Totals>> {
  if (payrunPks.length === 0) return new Map();
  const rows = await runIn(
    tx,
    qb
      .selectFrom("payout")
      .select((eb) => [
        eb.cast<string>("payrun_pk", "text").as("payrun_pk"),
        eb.cast<string>(eb.fn.sum("cost"), "text").as("subtotal"),
        eb.cast<string>(eb.fn.sum(eb.cast(jsonText(eb, "breakdown", "vat"), "numeric")), "text").as("vat"),
      ])
      .where("payrun_pk", "in", payrunPks)
      .groupBy("payrun_pk"),
  );
  return new Map(rows.map((r) => [r.payrun_pk, { subtotal: new Prisma.Decimal(r.subtotal), vat: new Prisma.Decimal(r.vat) }]));
}

export function invoiceStatus(row: Pick<InvoiceRow, "issuedAt" | "paidAt">): TInvoice["status"] {
  if (row.paidAt) return "paid";
  return row.issuedAt ? "invoice" : "proforma";
}

export const invoicePdfUrl = (baseUrl: string, id: string) => `${baseUrl}/v2/invoices/${encodeURIComponent(id)}/pdf/`;
/** The dashboard page where the client sees and pays the Invoice. */
export const invoiceAppUrl = (baseUrl: string, id: string) => `${baseUrl}/invoices/${encodeURIComponent(id)}`;

function billingType(value: string): TInvoice["billing_type"] {
  const known = BILLING_TYPES.find((b) => b === value);
  if (!known) throw new Error(`invoice with unknown billing type ${value}`);
  return known;
}

function toInvoiceApi(row: InvoiceRow, live: Totals | undefined, baseUrl: string): TInvoice {
  const subtotal = row.subtotal ?? live?.subtotal ?? ZERO;
  const vat = row.vat ?? live?.vat ?? ZERO;
  const total = row.total ?? subtotal.plus(vat);
  return {
    id: row.id,
    billing_type: billingType(row.billingType),
    status: invoiceStatus(row),
    payrun: row.payrun?.id ?? null,
    prepayment: row.prepayment?.id ?? null,
    currency: row.currency,
    invoice_number: row.ocr,
    customer_reference: row.customerReference,
    subtotal: formatMoney(subtotal),
    vat: formatMoney(vat),
    total: formatMoney(total),
    amount_paid: formatMoney(row.amountPaid),
    prepaid: formatMoney(row.prepaid),
    amount_due: formatMoney(total.minus(row.amountPaid)),
    due_date: row.dueDate ? row.dueDate.toISOString().slice(0, 10) : null,
    recipient: row.recipient,
    email: row.email,
    address_line_1: row.addressLine1,
    address_line_2: row.addressLine2,
    zip_code: row.zipCode,
    city: row.city,
    pdf_url: row.issuedAt ? invoicePdfUrl(baseUrl, row.id) : null,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    issued_at: timestamp(row.issuedAt),
    paid_at: timestamp(row.paidAt),
  };
}

export async function toInvoicesApi(tx: Prisma.TransactionClient, rows: InvoiceRow[], baseUrl: string): Promise<TInvoice[]> {
  const proforma = rows.filter((r) => !r.issuedAt && r.payrunPk).map((r) => r.payrunPk ?? "");
  const live = await payrunTotals(tx, proforma);
  // A Prepayment's pro-forma bills its net amount as it is now, without VAT (see issueInvoiceInTx).
  const liveTotals = (r: InvoiceRow): Totals | undefined =>
    r.prepayment ? { subtotal: r.prepayment.netAmount, vat: ZERO } : r.payrunPk ? live.get(r.payrunPk) : undefined;
  return rows.map((r) => toInvoiceApi(r, liveTotals(r), baseUrl));
}

export async function invoiceApi(tx: Prisma.TransactionClient, pk: string, baseUrl: string): Promise<TInvoice> {
  const row = await tx.invoice.findUniqueOrThrow({ where: { pk }, select: invoiceSelect });
  const [api] = await toInvoicesApi(tx, [row], baseUrl);
  return api;
}
