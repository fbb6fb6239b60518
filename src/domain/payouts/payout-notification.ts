/**
 * The email telling an Employee about a Payout, sent when its Payrun is paid and again on resend. The job
 * sends, then completes: a crash in between sends once more under the same message key (at least once).
 */
import { z } from "zod";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { formatMoney } from "@/domain/pricing/pricing";
import { employeeLocale } from "@/domain/employees/employee-invitation";
import { serverTexts } from "@/i18n/server-texts";
import type { JobContext } from "@/domain/outbox/job-handlers";

export const EMAIL_PAYOUT_JOB = "payout.email";

// Links use the worker's public URL; a `baseUrl` in the payload (the request's origin, once) is ignored.
const ZPayload = z.object({ payoutPk: z.string() });

export async function emailPayout(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { payoutPk } = ZPayload.parse(job.payload);
  const payout = await ctx.db.payout.findUnique({
    where: { pk: payoutPk },
    select: {
      amount: true,
      currency: true,
      description: true,
      employee: { select: { name: true, email: true, country: true } },
      integration: { select: { name: true } },
    },
  });
  // Deleted since, or no address to write to: nothing to send.
  if (payout?.employee.email) {
    const link = `${ctx.publicUrl}/e`;
    const locale = employeeLocale(payout.employee);
    const params = {
      name: payout.employee.name,
      amount: formatMoney(payout.amount),
      currency: payout.currency,
      integration: payout.integration.name,
      description: payout.description,
      link,
    };
    const texts = serverTexts(locale);
    const text = texts("emails.payout.text", params);
    await ctx.mailer.send({
      key: `payout-${job.pk}`,
      to: payout.employee.email,
      subject: texts("emails.payout.subject", params),
      text,
      html: textMailHtml(text, link),
    });
  }
  await ctx.db.$transaction((tx) => completeJob(tx, job, ctx.clock));
}
