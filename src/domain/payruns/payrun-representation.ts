/** A Payrun as the API shows it: its row plus the price and count of its Payouts, and its Invoice once invoiced. */
import { Prisma } from "@/generated/prisma/client";
import { invoiceAppUrl, invoicePdfUrl, invoiceSelect, toInvoicesApi } from "@/domain/billing/invoice-representation";
import { formatMoney } from "@/domain/pricing/pricing";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { PAYRUN_STATUS_RULES, statusOf } from "@/domain/status/status-rules";
import { expectedCloseAt } from "./payrun-lifetime";
import { payrunLabelNumbers } from "./payrun-label";
import type { TPayrun } from "./payrun-schemas";

export const payrunSelect = {
  pk: true,
  id: true,
  integrationPk: true,
  currency: true,
  name: true,
  description: true,
  invoiceMarking: true,
  manuallyManaged: true,
  lastActivityAt: true,
  open: true,
  metadata: true,
  createdAt: true,
  closedAt: true,
  paidAt: true,
  invoice: { select: { pk: true, id: true, ocr: true, issuedAt: true } },
  _count: { select: { payouts: true } },
} satisfies Prisma.PayrunSelect;

export type PayrunRow = Prisma.PayrunGetPayload<{ select: typeof payrunSelect }>;

/** The Payrun's status by the rules of src/domain/status. */
export function payrunStatus(row: Pick<PayrunRow, "open" | "paidAt">): TPayrun["latest_status"] {
  return statusOf(PAYRUN_STATUS_RULES, { paid: row.paidAt !== null, open: row.open });
}

function toPayrunApi(row: PayrunRow, price: Prisma.Decimal, baseUrl: string, invoice: TPayrun["invoice"], labelNumber: number | null): TPayrun {
  const issued = row.invoice?.issuedAt ? row.invoice : null;
  return {
    id: row.id,
    currency: row.currency,
    name: row.name,
    label_number: labelNumber,
    description: row.description,
    invoice_marking: row.invoiceMarking,
    manually_managed: row.manuallyManaged,
    expected_close_at: timestamp(expectedCloseAt(row)),
    open: row.open,
    latest_status: payrunStatus(row),
    price: formatMoney(price),
    payout_count: row._count.payouts,
    invoice,
    ocr_number: issued?.ocr ?? null,
    pdf: issued ? invoicePdfUrl(baseUrl, issued.id) : null,
    app: issued ? invoiceAppUrl(baseUrl, issued.id) : null,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    closed_at: timestamp(row.closedAt),
    paid_at: timestamp(row.paidAt),
  };
}

/**
 * The representations of `rows`, with each price summed in the database (exact decimals). `invoice` is the
 * issued Invoice's id, or with `expand` containing "invoice" the Invoice object (null until invoiced).
 */
export async function toPayrunsApi(tx: Prisma.TransactionClient, rows: PayrunRow[], baseUrl: string, expand: readonly string[] = []): Promise<TPayrun[]> {
  if (rows.length === 0) return [];
  const sums = await tx.payout.groupBy({ by: ["payrunPk"], where: { payrunPk: { in: rows.map((r) => r.pk) } }, _sum: { cost: true } });
  const price = new Map(sums.map((s) => [s.payrunPk, s._sum.cost]));
  const numbers = await payrunLabelNumbers(tx, rows);
  const invoices = new Map<string, TPayrun["invoice"]>();
  const issued = rows.flatMap((r) => (r.invoice?.issuedAt ? [r.invoice] : []));
  if (expand.includes("invoice") && issued.length) {
    const invoiceRows = await tx.invoice.findMany({ where: { pk: { in: issued.map((i) => i.pk) } }, select: invoiceSelect });
    const apis = await toInvoicesApi(tx, invoiceRows, baseUrl);
    invoiceRows.forEach((r, i) => invoices.set(r.pk, apis[i]));
  }
  return rows.map((row) => {
    const invoice = row.invoice?.issuedAt ? (invoices.get(row.invoice.pk) ?? row.invoice.id) : null;
    return toPayrunApi(row, price.get(row.pk) ?? new Prisma.Decimal(0), baseUrl, invoice, numbers.get(row.pk) ?? null);
  });
}

export async function payrunApi(tx: Prisma.TransactionClient, pk: string, baseUrl: string, expand: readonly string[] = []): Promise<TPayrun> {
  const row = await tx.payrun.findUniqueOrThrow({ where: { pk }, select: payrunSelect });
  const [api] = await toPayrunsApi(tx, [row], baseUrl, expand);
  return api;
}
