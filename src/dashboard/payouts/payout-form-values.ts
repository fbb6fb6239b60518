import type { z } from "zod";
import type { ZCreatePayoutRequest } from "@/domain/payouts/payout-schemas";
import { DEFAULT_CURRENCY } from "./payout-types";

/**
 * One Payout's request body. The procedures take one body or an array (a preprocessed union), so their
 * inferred input is `unknown`; the schema of one body gives the shape (a type-only import).
 */
export type PayoutRequest = z.input<typeof ZCreatePayoutRequest>;

/** Which figure the client gives; the server derives the other two. */
export type Basis = "amount" | "invoiced_amount" | "cost";

export const BASES: readonly { value: Basis; label: string; hint: string }[] = [
  { value: "amount", label: "Amount", hint: "Gross salary: what the Employee earns before tax." },
  { value: "invoiced_amount", label: "Invoiced amount", hint: "Amount plus the employer's contributions." },
  { value: "cost", label: "Cost", hint: "Invoiced amount plus the service's fee: what you pay, VAT excluded." },
];

export function basisLabel(basis: Basis): string {
  return BASES.find((b) => b.value === basis)?.label ?? basis;
}

export interface PayoutFormValues {
  employee: { id: string; name: string } | null;
  basis: Basis;
  /** The figure as typed. */
  figure: string;
  currency: string;
  description: string;
  /** yyyy-mm-dd from date inputs, or "". */
  startDate: string;
  endDate: string;
}

export const EMPTY_PAYOUT: PayoutFormValues = {
  employee: null,
  basis: "amount",
  figure: "",
  currency: DEFAULT_CURRENCY,
  description: "",
  startDate: "",
  endDate: "",
};

/** A day from a date input as the API's instant: midnight UTC, the way the API reads a plain date. */
function dayStart(date: string): string | undefined {
  return date === "" ? undefined : `${date}T00:00:00Z`;
}

/**
 * The create request. Every rule is the server's: a blank figure is still sent under its basis, so that the
 * server's message lands on that field rather than as "give exactly one of …".
 */
export function toPayoutRequest(values: PayoutFormValues): PayoutRequest {
  return {
    employee: values.employee?.id,
    [values.basis]: values.figure.trim(),
    currency: values.currency,
    description: values.description,
    start_at: dayStart(values.startDate),
    end_at: dayStart(values.endDate),
  };
}

/** Pricing validates a whole Payout body, but the description does not change the price. */
const QUOTE_DESCRIPTION = "Price quote";

/** The pricing request for the live breakdown, or null until there is an Employee and a figure to price. */
export function toQuoteRequest(values: Pick<PayoutFormValues, "employee" | "basis" | "figure" | "currency">): PayoutRequest | null {
  const figure = values.figure.trim();
  if (!values.employee || figure === "") return null;
  return { employee: values.employee.id, [values.basis]: figure, currency: values.currency, description: QUOTE_DESCRIPTION };
}
