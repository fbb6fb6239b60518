import type { RouterInputs, RouterOutputs } from "../trpc";

export type Invoice = RouterOutputs["invoices"]["get"];
export type InvoiceStatus = Invoice["status"];
export type InvoiceListInput = RouterInputs["invoices"]["list"];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { proforma: "Pro-forma", invoice: "Awaiting payment", paid: "Paid" };

export const INVOICE_STATUS_OPTIONS = (["proforma", "invoice", "paid"] as const).map((value) => ({ value, label: INVOICE_STATUS_LABELS[value] }));

export function invoicePath(id: string): string {
  return `/invoices/${encodeURIComponent(id)}`;
}

/** The PDF, served by /v2/ (a signed-in session may read it, for the Integration picked in the top bar). */
export function invoicePdfPath(id: string): string {
  return `/v2/invoices/${encodeURIComponent(id)}/pdf/`;
}
