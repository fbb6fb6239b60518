/**
 * The invoice email to the Integration's address (as on the Invoice), with the PDF attached. Sent after the
 * Invoice is issued; the job sends, then completes (a crash in between sends again under the same key).
 */
import { z } from "zod";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { serverTexts } from "@/i18n/server-texts";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { invoiceDocument } from "./invoice-document";
import { renderInvoicePdf } from "./invoice-pdf";

const ZPayload = z.object({ invoicePk: z.string() });

export async function emailInvoice(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { invoicePk } = ZPayload.parse(job.payload);
  const exists = await ctx.db.invoice.findFirst({ where: { pk: invoicePk, issuedAt: { not: null } }, select: { pk: true } });
  if (exists) {
    const doc = await invoiceDocument(ctx.db, invoicePk, { baseUrl: ctx.publicUrl, bankgiro: ctx.bankgiro });
    if (doc.email) {
      const params = {
        recipient: doc.recipient[0] ?? "",
        number: doc.invoiceNumber,
        total: doc.total,
        currency: doc.currency,
        due: doc.dueDate,
        ocr: doc.ocr,
        link: doc.payUrl,
      };
      const texts = serverTexts("en");
      const text = texts(doc.prepayment ? "emails.invoice.textPrepayment" : "emails.invoice.text", params);
      await ctx.mailer.send({
        key: `invoice-${job.pk}`,
        to: doc.email,
        subject: texts("emails.invoice.subject", params),
        text,
        html: textMailHtml(text, doc.payUrl),
        attachments: [{ filename: `invoice-${doc.invoiceNumber}.pdf`, contentType: "application/pdf", content: await renderInvoicePdf(doc) }],
      });
    }
  }
  await ctx.db.$transaction((tx) => completeJob(tx, job, ctx.clock));
}
