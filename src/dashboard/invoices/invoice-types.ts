import type { RouterInputs, RouterOutputs } from "../trpc";

export type Invoice = RouterOutputs["invoices"]["get"];
export type InvoiceStatus = Invoice["status"];
export type InvoiceListInput = RouterInputs["invoices"]["list"];

/** Every status, in an Invoice's order; their names are in the catalogue (`invoices.status`). */
export const INVOICE_STATUSES: readonly InvoiceStatus[] = ["proforma", "invoice", "paid"];

export function invoicePath(id: string): string {
  return `/invoices/${encodeURIComponent(id)}`;
}

/** The PDF, served by /v2/ (a signed-in session may read it, for the Integration picked in the top bar). */
export function invoicePdfPath(id: string): string {
  return `/v2/invoices/${encodeURIComponent(id)}/pdf/`;
}
