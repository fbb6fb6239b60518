import type { RouterOutputs } from "../trpc";

export type Prepayment = RouterOutputs["prepayments"]["get"];
export type PrepaymentStatus = Prepayment["status"];

export function prepaymentPath(id: string): string {
  return `/prepayments/${encodeURIComponent(id)}`;
}

/** The Invoice's id, whether the API gave the id or (expanded) the object. */
export function invoiceIdOf(prepayment: Prepayment): string {
  return typeof prepayment.invoice === "string" ? prepayment.invoice : prepayment.invoice.id;
}
