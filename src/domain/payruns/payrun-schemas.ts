import { z } from "zod";
import { ZInvoice } from "@/domain/invoices/invoice-schemas";
import { ENVIRONMENTS } from "@/domain/environments";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZExpandOf, ZId, ZMetadata, ZMetadataOutput } from "@/domain/shared/schemas";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";

export const PAYRUN_STATUSES = ["open", "invoiced", "paid"] as const;

export const ZPayrun = z
  .object({
    id: z.string(),
    currency: z.string(),
    open: z.boolean().meta({ description: "true while new Payouts join it" }),
    latest_status: z.enum(PAYRUN_STATUSES).meta({ description: "open (Payouts join it), invoiced (closed: its Invoice issued, awaiting payment), paid" }),
    price: z.string().meta({ description: "The sum of its Payouts' cost; decimal with two places" }),
    payout_count: z.number().int(),
    invoice: z.union([z.string(), ZInvoice]).nullable().meta({ description: "id of its Invoice (the Invoice object with expand=invoice); null until invoiced" }),
    ocr_number: z.string().nullable().meta({ description: "OCR reference to pay the Invoice with; null until invoiced" }),
    pdf: z.string().nullable().meta({ description: "URL of the Invoice PDF; null until invoiced" }),
    app: z.string().nullable().meta({ description: "Dashboard page where the Invoice is paid; null until invoiced" }),
    metadata: ZMetadataOutput,
    created_at: z.string(),
    closed_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: "Payrun" });
export type TPayrun = z.infer<typeof ZPayrun>;

const ZExpand = ZExpandOf(["invoice"]);

export const ZPayrunLookup = z.object({ payrun_id: z.string() });
export const ZGetPayrunQuery = ZPayrunLookup.extend({ expand: ZExpand.optional() });

export const ZUpdatePayrunRequest = ZPayrunLookup.extend({ id: ZId.optional(), metadata: ZMetadata.optional() });
export type TUpdatePayrunRequest = z.infer<typeof ZUpdatePayrunRequest>;

export const ZListPayrunsQuery = ZPageQuery.extend({
  ...timestampFilterShape(["created_at", "closed_at", "paid_at"] as const),
  open: z.stringbool().optional().meta({ description: "true: only the open Payruns; false: only closed ones" }),
  currency: z.string().trim().toUpperCase().optional(),
  expand: ZExpand.optional(),
});
export type TListPayrunsQuery = z.infer<typeof ZListPayrunsQuery>;

export const ZPayrunList = listEnvelope(ZPayrun);

/** The review team's queue (dashboard only): an unpaid Payrun with its account, Integration and environment. */
export const ZUnpaidPayrun = z.object({
  pk: z.string(),
  payrun: ZPayrun,
  integration: z.object({ id: z.string(), name: z.string() }),
  account: z.string(),
  environment: z.enum(ENVIRONMENTS),
});
