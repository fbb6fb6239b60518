import { z } from "zod";
import { ZInvoice } from "@/domain/billing/invoice-schemas";
import { ZCurrency, ZMoney } from "@/domain/pricing/money";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { requiredText, writeRequests, ZExpandOf, ZId, ZMetadata, ZMetadataOutput } from "@/domain/shared/schemas";

/** DRAFT (editable) → INVOICED (its Invoice issued) → PAID → PARTIALLY_USED → FULLY_USED (by Payruns, FIFO). */
export const PREPAYMENT_STATUSES = ["DRAFT", "INVOICED", "PAID", "PARTIALLY_USED", "FULLY_USED"] as const;

export const ZPrepayment = z
  .object({
    id: z.string(),
    description: z.string(),
    net_amount: z.string().meta({ description: "The money prepaid, decimal with two places (its Invoice adds no VAT: the Payrun Invoices it pays carry it)" }),
    currency: z.string(),
    available_balance: z.string().meta({ description: "What is left for Payruns to use: net_amount once paid, less what closed Payruns used" }),
    invoice_marking: z.string().nullable().meta({ description: "Reference printed on its Invoice (customer_reference)" }),
    status: z.enum(PREPAYMENT_STATUSES),
    invoice: z.union([z.string(), ZInvoice]).meta({ description: "id of its Invoice (billing_type prepayment); the Invoice object with expand=invoice" }),
    metadata: ZMetadataOutput,
    created_at: z.string(),
    invoiced_at: z.string().nullable(),
    paid_at: z.string().nullable(),
  })
  .meta({ id: "Prepayment" });
export type TPrepayment = z.infer<typeof ZPrepayment>;

const ZExpand = ZExpandOf(["invoice"]);

export const ZPrepaymentLookup = z.object({ prepayment_id: z.string() });
export const ZGetPrepaymentQuery = ZPrepaymentLookup.extend({ expand: ZExpand.optional() });

const fields = {
  id: ZId.optional(),
  description: requiredText(255),
  net_amount: ZMoney,
  currency: ZCurrency,
  invoice_marking: z.string().trim().max(256).nullish(),
  metadata: ZMetadata.optional(),
};

// No PUT: a Prepayment is created and patched.
export const { create: ZCreatePrepaymentRequest, update: ZUpdatePrepaymentRequest } = writeRequests(ZPrepaymentLookup, fields);
export type TCreatePrepaymentRequest = z.infer<typeof ZCreatePrepaymentRequest>;
export type TUpdatePrepaymentRequest = z.infer<typeof ZUpdatePrepaymentRequest>;

export const ZListPrepaymentsQuery = ZPageQuery.extend({
  status: z.enum(PREPAYMENT_STATUSES).optional(),
  currency: z.string().trim().toUpperCase().optional(),
  expand: ZExpand.optional(),
});
export type TListPrepaymentsQuery = z.infer<typeof ZListPrepaymentsQuery>;

export const ZPrepaymentList = listEnvelope(ZPrepayment);

/** What a closed Payrun took from a Prepayment (the dashboard's balance history). */
export const ZPrepaymentUse = z.object({ payrun: z.string(), amount: z.string(), created_at: z.string() });
export const ZPrepaymentUses = z.array(ZPrepaymentUse);
