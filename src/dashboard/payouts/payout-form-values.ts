import { z } from "../zod";
import type { ZCreatePayoutRequest } from "@/domain/payouts/payout-schemas";
import { DEFAULT_CURRENCY } from "./payout-types";

/**
 * One Payout's request body. The procedures take one body or an array (a preprocessed union), so their
 * inferred input is `unknown`; the schema of one body gives the shape (a type-only import).
 */
export type PayoutRequest = z.input<typeof ZCreatePayoutRequest>;

const ZBasis = z.enum(["amount", "invoiced_amount", "cost"]);
/** Which figure the client gives; the server derives the other two. */
export type Basis = z.infer<typeof ZBasis>;

/** Labelled in the catalogue (`payouts.bases`). */
export const BASES: readonly Basis[] = ZBasis.options;

/** Reads a typed figure in the page's language into the API's decimal (useFormat's parseMoney); null if it is no amount. */
export type ReadMoney = (typed: string) => string | null;

/** The figure as the API takes it; what is no amount is sent as typed, for the server to name the field. */
function figureOf(typed: string, read: ReadMoney): string {
  const trimmed = typed.trim();
  return trimmed === "" ? "" : (read(trimmed) ?? trimmed);
}

/** The create form's values; a schema, so that a draft brought back after a sign-in is checked (ui/form-draft.ts). */
export const ZPayoutFormValues = z.object({
  employee: z.object({ id: z.string(), name: z.string() }).nullable(),
  basis: ZBasis,
  /** The figure as typed. */
  figure: z.string(),
  currency: z.string(),
  description: z.string(),
  /** yyyy-mm-dd from date inputs, or "". */
  startDate: z.string(),
  endDate: z.string(),
});
export type PayoutFormValues = z.infer<typeof ZPayoutFormValues>;

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
export function toPayoutRequest(values: PayoutFormValues, read: ReadMoney): PayoutRequest {
  return {
    employee: values.employee?.id,
    [values.basis]: figureOf(values.figure, read),
    currency: values.currency,
    description: values.description,
    start_at: dayStart(values.startDate),
    end_at: dayStart(values.endDate),
  };
}

/** Pricing validates a whole Payout body, but the description does not change the price. */
const QUOTE_DESCRIPTION = "Price quote";

/** The pricing request for the live breakdown, or null until there is an Employee and a figure to price. */
export function toQuoteRequest(values: Pick<PayoutFormValues, "employee" | "basis" | "figure" | "currency">, read: ReadMoney): PayoutRequest | null {
  const figure = figureOf(values.figure, read);
  if (!values.employee || figure === "") return null;
  return { employee: values.employee.id, [values.basis]: figure, currency: values.currency, description: QUOTE_DESCRIPTION };
}
