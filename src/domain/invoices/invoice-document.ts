/** What an issued Invoice's PDF and email show, read in one place: the Invoice as issued and its Payout lines. */
import type { Prisma } from "@/generated/prisma/client";
import { payoutSelect, toPayoutPricingApi } from "@/domain/payouts/payout-representation";
import { formatMoney } from "@/domain/pricing/pricing";
import { invoiceAppUrl, invoiceApi } from "@/domain/billing/invoice-representation";

export interface InvoiceLine {
  payout: string;
  employee: string;
  description: string;
  cost: string;
  vat: string;
}

export interface InvoiceDocument {
  invoiceNumber: string;
  ocr: string;
  issuedDate: string;
  dueDate: string;
  currency: string;
  integrationName: string;
  payrun: string | null;
  prepayment: string | null;
  /** The client's reference (the Payrun's or Prepayment's invoice_marking). */
  customerReference: string | null;
  recipient: string[];
  email: string;
  lines: InvoiceLine[];
  subtotal: string;
  vat: string;
  total: string;
  amountPaid: string;
  prepaid: string;
  amountDue: string;
  paid: boolean;
  payUrl: string;
  /** The service's Bankgiro account (BANKGIRO), or null when none is configured. */
  bankgiro: string | null;
}

/** What the document is made with besides the Invoice: the public origin for its link, and the account to pay into. */
export interface InvoiceDocumentSettings {
  baseUrl: string;
  /** BANKGIRO, or null when none is configured. */
  bankgiro: string | null;
}

export async function invoiceDocument(tx: Prisma.TransactionClient, pk: string, { baseUrl, bankgiro }: InvoiceDocumentSettings): Promise<InvoiceDocument> {
  const api = await invoiceApi(tx, pk, baseUrl);
  const row = await tx.invoice.findUniqueOrThrow({
    where: { pk },
    select: { payrunPk: true, prepayment: { select: { id: true, description: true } }, integration: { select: { name: true } } },
  });
  if (!api.invoice_number || !api.due_date || !api.issued_at) throw new Error(`invoice ${pk} is not issued`);
  const payouts = row.payrunPk
    ? await tx.payout.findMany({ where: { payrunPk: row.payrunPk }, select: payoutSelect, orderBy: [{ createdAt: "asc" }, { pk: "asc" }] })
    : [];
  return {
    invoiceNumber: api.invoice_number,
    ocr: api.invoice_number,
    issuedDate: api.issued_at.slice(0, 10),
    dueDate: api.due_date,
    currency: api.currency,
    integrationName: row.integration.name,
    payrun: api.payrun,
    prepayment: api.prepayment,
    customerReference: api.customer_reference,
    recipient: [api.recipient, api.address_line_1, api.address_line_2, [api.zip_code, api.city].filter(Boolean).join(" ")].filter((l): l is string =>
      Boolean(l),
    ),
    email: api.email ?? "",
    // A Prepayment's Invoice has one line: the prepayment itself (money on account, no VAT).
    lines: row.prepayment
      ? [{ payout: row.prepayment.id, employee: "", description: row.prepayment.description, cost: api.subtotal, vat: api.vat }]
      : payouts.map((p) => {
          const pricing = toPayoutPricingApi(p);
          return { payout: p.id, employee: p.employee.name, description: p.description, cost: formatMoney(p.cost), vat: pricing.vat };
        }),
    subtotal: api.subtotal,
    vat: api.vat,
    total: api.total,
    amountPaid: api.amount_paid,
    prepaid: api.prepaid,
    amountDue: api.amount_due,
    paid: api.status === "paid",
    payUrl: invoiceAppUrl(baseUrl, api.id),
    bankgiro,
  };
}
