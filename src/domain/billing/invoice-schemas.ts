import { z } from "zod";
import { ZRowOwner } from "@/domain/shared/operator-rows";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZMetadata, ZMetadataOutput } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";

export const BILLING_TYPES = ["payrun", "prepayment", "subscription", "credit"] as const;
/** proforma (not issued yet), invoice (issued, awaiting payment), paid. */
export const INVOICE_STATUSES = ["proforma", "invoice", "paid"] as const;
export const INVOICE_ORDERINGS = ["created_at", "-created_at", "paid_at", "-paid_at", "due_date", "-due_date"] as const;
/** How far ahead a due date chosen on issue may be. */
export const MAX_DUE_DAYS = 365;

export const ZInvoice = z
  .object({
    id: z.string(),
    billing_type: z.enum(BILLING_TYPES),
    status: z.enum(INVOICE_STATUSES).meta({ description: "proforma (not issued), invoice (issued, unpaid) or paid" }),
    payrun: z.string().nullable().meta({ description: "id of the Payrun it bills (billing_type payrun)" }),
    prepayment: z.string().nullable().meta({ description: "id of the Prepayment it bills (billing_type prepayment)" }),
    currency: z.string(),
    invoice_number: z
      .string()
      .nullable()
      .meta({ description: "The Swedish OCR reference to pay with (number, length digit, Luhn check digit); null while pro-forma" }),
    customer_reference: z.string().nullable(),
    subtotal: z.string().meta({ description: "Sum of the Payouts' cost (a Prepayment's: its net amount), decimal with two places" }),
    vat: z.string().meta({ description: "VAT on the cost, as priced per Payout" }),
    total: z.string().meta({ description: "subtotal + vat" }),
    amount_paid: z.string(),
    prepaid: z.string().meta({ description: "The part of amount_paid paid from Prepayments when its Payrun closed" }),
    amount_due: z.string().meta({ description: "total - amount_paid" }),
    due_date: z.string().nullable().meta({ description: "YYYY-MM-DD; null while pro-forma" }),
    recipient: z.string().nullable().meta({ description: "The Integration's recipient, address and email as they were on issue" }),
    email: z.string().nullable(),
    address_line_1: z.string().nullable(),
    address_line_2: z.string().nullable(),
    zip_code: z.string().nullable(),
    city: z.string().nullable(),
    pdf_url: z.string().nullable().meta({ description: "The invoice as a PDF (authenticated like the API); null while pro-forma" }),
    metadata: ZMetadataOutput,
    created_at: z.string(),
    issued_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: "Invoice" });
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceLookup = z.object({ invoice_id: z.string() });

/** A calendar date, YYYY-MM-DD. */
const ZDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => t("invalid_date") })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    error: () => t("invalid_date"),
  });

/** PATCH /v2/invoices/{id}/: the client's own data on an Invoice, in any state (its billed figures never change). */
export const ZUpdateInvoiceRequest = ZInvoiceLookup.extend({ metadata: ZMetadata.optional() });

export const ZIssueInvoiceRequest = ZInvoiceLookup.extend({
  due_date: ZDate.optional().meta({ description: `YYYY-MM-DD, today (UTC) to ${MAX_DUE_DAYS} days ahead; default: the Integration's payment terms` }),
});
export type TIssueInvoiceRequest = z.infer<typeof ZIssueInvoiceRequest>;

export const ZListInvoicesQuery = ZPageQuery.extend({
  billing_type: z.enum(BILLING_TYPES).optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  overdue: z.stringbool().optional().meta({
    description: "true: only issued, unpaid Invoices whose due_date has passed (before today, UTC, by the clock: the demo clock in demo); false: all others",
  }),
  ordering: z.enum(INVOICE_ORDERINGS).optional().meta({ description: "created_at, paid_at or due_date; a leading - for descending (default -created_at)" }),
});
export type TListInvoicesQuery = z.infer<typeof ZListInvoicesQuery>;

export const ZInvoiceList = listEnvelope(ZInvoice);

/** The PDF, for the edge to send as bytes (never JSON): see `file` in src/trpc/init.ts. */
export const ZFileOutput = z.object({ filename: z.string(), content_type: z.string(), base64: z.string() });
export type TFileOutput = z.infer<typeof ZFileOutput>;

/** The review team's queue of unpaid Prepayment Invoices (dashboard only), with account, Integration and environment. */
export const ZUnpaidInvoice = ZRowOwner.extend({ invoice: ZInvoice });
