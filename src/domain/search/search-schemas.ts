import { z } from "zod";
import { ENVIRONMENTS } from "@/domain/environments";
import { ZId } from "@/domain/shared/schemas";

/** At most this many hits per kind of object: the palette shows the best few of each. */
export const SEARCH_LIMIT = 5;

export const ZGlobalSearchQuery = z.object({ q: z.string().trim().min(1).max(255) });

const ZHit = z.object({ id: z.string(), title: z.string(), detail: z.string() });
export type THit = z.infer<typeof ZHit>;

/**
 * Each hit carries what its list shows it by, raw, so that the dashboard names and formats it as its list does
 * (money in the reader's format, a Payrun's label with its number, an Invoice by its reference).
 */
export const ZGlobalSearch = z.object({
  employees: z.array(ZHit),
  payouts: z.array(z.object({ id: z.string(), description: z.string(), amount: z.string(), currency: z.string() })),
  payruns: z.array(
    z.object({ id: z.string(), name: z.string().nullable(), currency: z.string(), created_at: z.string(), label_number: z.number().int().nullable() }),
  ),
  invoices: z.array(z.object({ id: z.string(), invoice_number: z.string().nullable(), currency: z.string(), created_at: z.string() })),
  registrations: z.array(ZHit),
});
export type TGlobalSearch = z.infer<typeof ZGlobalSearch>;

/** The objects that have a page of their own in the dashboard, which `search.locate` finds in any scope. */
export const LOCATABLE = ["employee", "payout", "payrun", "invoice", "prepayment", "registration", "webhook", "integration"] as const;
export type TLocatable = (typeof LOCATABLE)[number];

export const ZLocateQuery = z.object({ kind: z.enum(LOCATABLE), id: ZId });

/** Where an object is: its environment, and its Integration (null for the account's own objects and for an Integration itself). */
const ZPlace = z.object({
  environment: z.enum(ENVIRONMENTS),
  integration: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type TPlace = z.infer<typeof ZPlace>;

/** Every place of the caller's account that holds an object of this kind with this id (ids are unique per Integration). */
export const ZLocation = z.object({ places: z.array(ZPlace) });
export type TLocation = z.infer<typeof ZLocation>;
