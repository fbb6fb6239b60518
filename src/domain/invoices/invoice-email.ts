/**
 * The invoice email to the Integration's address (as on the Invoice), with the PDF attached, in the account's
 * language. Sent after the Invoice is issued; the job sends, then completes (a crash in between sends again
 * under the same key). Without the seller's details (SELLER_*) the job fails and is retried: no invoice leaves
 * without them, and it goes out once they are set.
 */
import { z } from "zod";
import { invoiceEmail } from "@/domain/notifications/emails/invoice-email";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { SELLER_SETTINGS } from "@/config/seller";
import { invoiceDocument } from "./invoice-document";
import { documentFormat } from "@/i18n/document-format";
import { renderInvoicePdf } from "./invoice-pdf";

const ZPayload = z.object({ invoicePk: z.string() });

export async function emailInvoice(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { invoicePk } = ZPayload.parse(job.payload);
  const exists = await ctx.db.invoice.findFirst({ where: { pk: invoicePk, issuedAt: { not: null } }, select: { email: true } });
  if (exists?.email) {
    if (!ctx.seller) throw new Error(`invoice email refused: the seller's details are not configured (${SELLER_SETTINGS.join(", ")})`);
    const doc = await invoiceDocument(ctx.db, invoicePk, { baseUrl: ctx.publicUrl, bankgiro: ctx.bankgiro, seller: ctx.seller });
    if (doc.buyer.email) {
      const email = await invoiceEmail({
        locale: doc.locale,
        seller: doc.seller.name,
        recipient: doc.buyer.name,
        number: doc.invoiceNumber,
        total: documentFormat(doc.locale).money(doc.total, doc.currency),
        due: documentFormat(doc.locale).day(doc.dueDate),
        ocr: doc.ocr,
        link: doc.payUrl,
        prepayment: Boolean(doc.prepayment),
      });
      await ctx.mailer.send({
        key: `invoice-${job.pk}`,
        to: doc.buyer.email,
        ...email,
        attachments: [{ filename: `invoice-${doc.invoiceNumber}.pdf`, contentType: "application/pdf", content: await renderInvoicePdf(doc) }],
      });
    }
  }
  await ctx.db.$transaction((tx) => completeJob(tx, job, ctx.clock));
}
