/** A Prepayment as the API shows it; its status follows from its timestamps and balance. */
import type { Prisma } from "@/generated/prisma/client";
import { invoiceSelect, toInvoicesApi } from "@/domain/billing/invoice-representation";
import { formatMoney } from "@/domain/pricing/pricing";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import type { TPrepayment } from "./prepayment-schemas";

export const prepaymentSelect = {
  pk: true,
  id: true,
  description: true,
  netAmount: true,
  currency: true,
  availableBalance: true,
  invoiceMarking: true,
  metadata: true,
  createdAt: true,
  invoicedAt: true,
  paidAt: true,
  invoice: { select: { pk: true, id: true } },
} satisfies Prisma.PrepaymentSelect;

export type PrepaymentRow = Prisma.PrepaymentGetPayload<{ select: typeof prepaymentSelect }>;

export function prepaymentStatus(row: Pick<PrepaymentRow, "invoicedAt" | "paidAt" | "availableBalance" | "netAmount">): TPrepayment["status"] {
  if (!row.invoicedAt) return "DRAFT";
  if (!row.paidAt) return "INVOICED";
  if (row.availableBalance.isZero()) return "FULLY_USED";
  return row.availableBalance.lessThan(row.netAmount) ? "PARTIALLY_USED" : "PAID";
}

/** The status as a `where`: the inverse of `prepaymentStatus` (the balance compared with the row's own net amount). */
export function prepaymentStatusWhere(tx: Prisma.TransactionClient, status: TPrepayment["status"]): Prisma.PrepaymentWhereInput {
  const net = tx.prepayment.fields.netAmount;
  const paid = { invoicedAt: { not: null }, paidAt: { not: null } };
  switch (status) {
    case "DRAFT":
      return { invoicedAt: null };
    case "INVOICED":
      return { invoicedAt: { not: null }, paidAt: null };
    case "PAID":
      return { ...paid, availableBalance: { equals: net } };
    case "PARTIALLY_USED":
      return { ...paid, availableBalance: { gt: 0, lt: net } };
    case "FULLY_USED":
      return { ...paid, availableBalance: 0 };
  }
}

export async function toPrepaymentsApi(
  tx: Prisma.TransactionClient,
  rows: PrepaymentRow[],
  baseUrl: string,
  expand: readonly string[] = [],
): Promise<TPrepayment[]> {
  const invoices = new Map<string, TPrepayment["invoice"]>();
  if (expand.includes("invoice") && rows.length) {
    const invoiceRows = await tx.invoice.findMany({ where: { pk: { in: rows.flatMap((r) => (r.invoice ? [r.invoice.pk] : [])) } }, select: invoiceSelect });
    const apis = await toInvoicesApi(tx, invoiceRows, baseUrl);
    invoiceRows.forEach((r, i) => invoices.set(r.pk, apis[i]));
  }
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    net_amount: formatMoney(row.netAmount),
    currency: row.currency,
    available_balance: formatMoney(row.availableBalance),
    invoice_marking: row.invoiceMarking,
    status: prepaymentStatus(row),
    invoice: row.invoice ? (invoices.get(row.invoice.pk) ?? row.invoice.id) : "",
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    invoiced_at: timestamp(row.invoicedAt),
    paid_at: timestamp(row.paidAt),
  }));
}

export async function prepaymentApi(tx: Prisma.TransactionClient, pk: string, baseUrl: string, expand: readonly string[] = []): Promise<TPrepayment> {
  const row = await tx.prepayment.findUniqueOrThrow({ where: { pk }, select: prepaymentSelect });
  const [api] = await toPrepaymentsApi(tx, [row], baseUrl, expand);
  return api;
}
