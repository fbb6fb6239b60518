import { z } from "zod";
import { ZInvoice } from "@/domain/billing/invoice-schemas";
import { ZRowOwner } from "@/domain/shared/operator-rows";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZCurrency } from "@/domain/pricing/money";
import { ZExpandOf, ZId, ZMetadata, ZMetadataOutput } from "@/domain/shared/schemas";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";
import { PAYRUN_STATUSES } from "@/domain/status/status-rules";

export const ZPayrun = z
  .object({
    id: z.string(),
    currency: z.string(),
    name: z.string().nullable(),
    label_number: z.number().int().nullable().meta({
      description:
        "Tells apart Payruns of the Integration shown alike (the same name, or unnamed in one currency and created the same UTC day): its number among them by creation; null when none shares its label",
    }),
    description: z.string().meta({ description: '"" when unset' }),
    invoice_marking: z.string().nullable().meta({ description: "Reference printed on its Invoice (customer_reference)" }),
    manually_managed: z.boolean().meta({ description: "true for an explicit Payrun (POST /v2/payruns/): only Payouts that name it join it" }),
    expected_close_at: z.string().nullable().meta({
      description: "An open explicit Payrun closes by itself then: 30 days after its last activity, at most 90 days after creation; null otherwise",
    }),
    open: z.boolean().meta({ description: "true while new Payouts join it" }),
    latest_status: z.enum(PAYRUN_STATUSES).meta({ description: "open (Payouts join it), invoiced (closed: its Invoice issued, awaiting payment), paid" }),
    price: z.string().meta({ description: "The sum of its Payouts' cost; decimal with two places" }),
    payout_count: z.number().int(),
    invoice: z
      .union([z.string(), ZInvoice])
      .nullable()
      .meta({ description: "id of its Invoice (the Invoice object with expand=invoice); null until invoiced" }),
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

const editable = {
  name: z.string().trim().max(255).nullish(),
  description: z.string().trim().max(2000).optional(),
  invoice_marking: z.string().trim().max(256).nullish(),
  metadata: ZMetadata.optional(),
};

export const ZUpdatePayrunRequest = ZPayrunLookup.extend({ id: ZId.optional(), ...editable });
export type TUpdatePayrunRequest = z.infer<typeof ZUpdatePayrunRequest>;

/** POST /v2/payruns/: an explicit Payrun. `open` is reserved (it names the open automatic Payrun). */
export const ZCreatePayrunRequest = z.object({
  id: ZId.optional(),
  currency: ZCurrency.optional().meta({ description: "Default: the Integration's currency" }),
  ...editable,
});
export type TCreatePayrunRequest = z.infer<typeof ZCreatePayrunRequest>;

export const ZListPayrunsQuery = ZPageQuery.extend({
  ...timestampFilterShape(["created_at", "closed_at", "paid_at"] as const),
  open: z.stringbool().optional().meta({ description: "true: only the open Payruns; false: only closed ones" }),
  currency: z.string().trim().toUpperCase().optional(),
  manually_managed: z.stringbool().optional().meta({ description: "true: only explicit Payruns; false: only automatic ones" }),
  expand: ZExpand.optional(),
});
export type TListPayrunsQuery = z.infer<typeof ZListPayrunsQuery>;

export const ZPayrunList = listEnvelope(ZPayrun);

/** The review team's queue (dashboard only): an unpaid Payrun with its account, Integration and environment. */
export const ZUnpaidPayrun = ZRowOwner.extend({ payrun: ZPayrun });
