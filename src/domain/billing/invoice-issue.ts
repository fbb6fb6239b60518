/**
 * Creating and issuing Invoices, inside the caller's transaction (which holds the Payrun lock). A Payrun gets
 * its pro-forma Invoice when it opens; closing the Payrun issues it: a number from `invoice_number_seq`, its
 * OCR reference, the totals of its Payouts, the due date from the Integration's payment terms and the
 * Integration's recipient, address and email as they are now. A Prepayment's Invoice is issued the same way
 * (its net amount). Issuing queues the invoice email (with the PDF).
 */
import crypto from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { qb, runIn } from "@/db/query-builder";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { ocrReference } from "./ocr";
import { payrunTotals } from "./invoice-representation";

export const EMAIL_INVOICE_JOB = "invoice.email";
const INVOICE_EMAIL_ATTEMPTS = 30;

/** YYYY-MM-DD of `date` (UTC) plus `days`. */
export function utcDate(date: Date, days = 0): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + days));
  return d.toISOString().slice(0, 10);
}

export async function createProformaInvoice(tx: Prisma.TransactionClient, payrun: { pk: string; integrationPk: string; currency: string }): Promise<string> {
  const row = await tx.invoice.create({
    data: { id: crypto.randomUUID(), integrationPk: payrun.integrationPk, payrunPk: payrun.pk, billingType: "payrun", currency: payrun.currency },
    select: { pk: true },
  });
  return row.pk;
}

/**
 * Issues Invoice `pk`, a Payrun's or a Prepayment's; an issued one is left as it is. A Prepayment's Invoice
 * bills its net amount without VAT: it is money on account, and the Payrun Invoices it pays carry the VAT.
 * `dueDate` (YYYY-MM-DD) overrides the payment terms.
 */
export async function issueInvoiceInTx(tx: Prisma.TransactionClient, pk: string, now: Date, dueDate?: string): Promise<void> {
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { pk },
    select: {
      issuedAt: true,
      payrunPk: true,
      payrun: { select: { invoiceMarking: true } },
      prepayment: { select: { pk: true, netAmount: true, invoiceMarking: true } },
      integration: { select: { paymentTermDays: true, recipient: true, email: true, addressLine1: true, addressLine2: true, zipCode: true, city: true } },
    },
  });
  if (invoice.issuedAt) return;
  // invoice_number_seq: a sequence of migration 0009.
  const [{ number }] = await runIn(
    tx,
    qb.selectNoFrom((eb) => eb.cast<string>(eb.fn("nextval", [eb.val("invoice_number_seq")]), "text").as("number")),
  );
  const totals = invoice.prepayment
    ? { subtotal: invoice.prepayment.netAmount, vat: new Prisma.Decimal(0) }
    : invoice.payrunPk
      ? (await payrunTotals(tx, [invoice.payrunPk])).get(invoice.payrunPk)
      : undefined;
  const subtotal = totals?.subtotal ?? new Prisma.Decimal(0);
  const vat = totals?.vat ?? new Prisma.Decimal(0);
  const { integration } = invoice;
  await tx.invoice.update({
    where: { pk },
    data: {
      number: BigInt(number),
      ocr: ocrReference(number),
      subtotal: subtotal.toFixed(2),
      vat: vat.toFixed(2),
      total: subtotal.plus(vat).toFixed(2),
      dueDate: new Date(`${dueDate ?? utcDate(now, integration.paymentTermDays)}T00:00:00Z`),
      customerReference: invoice.payrun?.invoiceMarking ?? invoice.prepayment?.invoiceMarking ?? null,
      recipient: integration.recipient,
      email: integration.email,
      addressLine1: integration.addressLine1,
      addressLine2: integration.addressLine2,
      zipCode: integration.zipCode,
      city: integration.city,
      issuedAt: now,
    },
  });
  if (invoice.prepayment) await tx.prepayment.update({ where: { pk: invoice.prepayment.pk }, data: { invoicedAt: now } });
  // Retried for about a day (the back-off reaches an hour at the tenth attempt): the email waits out a gap in the
  // seller's settings (SELLER_*, without which it is refused) or the mail server, rather than being dropped.
  await enqueueJob(tx, { kind: EMAIL_INVOICE_JOB, payload: { invoicePk: pk }, runAt: now, maxAttempts: INVOICE_EMAIL_ATTEMPTS });
}

/** Issues the Invoice of a Payrun (creating it first if the Payrun has none). Returns the Invoice's pk. */
export async function issuePayrunInvoice(tx: Prisma.TransactionClient, payrunPk: string, now: Date, dueDate?: string): Promise<string> {
  const payrun = await tx.payrun.findUniqueOrThrow({
    where: { pk: payrunPk },
    select: { pk: true, currency: true, integrationPk: true, invoice: { select: { pk: true } } },
  });
  const pk = payrun.invoice?.pk ?? (await createProformaInvoice(tx, payrun));
  await issueInvoiceInTx(tx, pk, now, dueDate);
  return pk;
}

/** Records the payment of Invoice `pk` in full (it is issued). */
export async function recordInvoicePaid(tx: Prisma.TransactionClient, pk: string, now: Date): Promise<void> {
  const { total } = await tx.invoice.findUniqueOrThrow({ where: { pk }, select: { total: true } });
  await tx.invoice.update({ where: { pk }, data: { paidAt: now, amountPaid: total ?? "0.00" } });
}

/** Records the payment of a Payrun's Invoice in full (issuing it first if it was not). */
export async function markPayrunInvoicePaid(tx: Prisma.TransactionClient, payrunPk: string, now: Date): Promise<void> {
  await recordInvoicePaid(tx, await issuePayrunInvoice(tx, payrunPk, now), now);
}
