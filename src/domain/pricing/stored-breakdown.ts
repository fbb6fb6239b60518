/**
 * A Payout's pricing breakdown as stored at creation (payout-create writes it from toPricingApi): read by the
 * Payout's representation and by the Prepayments that cover its Invoice share, so it sits with the rules.
 */
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";

const ZStoredItems = z.object({
  fee: z.string(),
  payroll: z.string().nullable(),
  tax: z.string(),
  vat: z.string(),
  health_insurance: z.string().nullable(),
  pension: z.string().nullable(),
});

export type StoredItems = z.infer<typeof ZStoredItems>;

/** The items of a Payout row's breakdown; written by this service only, so a bad row is a fault (500), not the caller's error. */
export function storedItems(row: { pk: string; breakdown: Prisma.JsonValue }): StoredItems {
  const items = ZStoredItems.safeParse(row.breakdown);
  if (!items.success) throw new Error(`payout ${row.pk} has an unreadable breakdown`);
  return items.data;
}

/** The VAT a Payout was priced with (what it adds to its Payrun's Invoice on top of its cost). */
export function payoutVat(row: { pk: string; breakdown: Prisma.JsonValue }): Prisma.Decimal {
  return new Prisma.Decimal(storedItems(row).vat);
}
