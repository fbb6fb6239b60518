/**
 * The email telling an Employee about a Payout, sent when its Payrun is paid and again on resend. The job
 * sends, then completes: a crash in between sends once more under the same message key (at least once).
 */
import { z } from "zod";
import { fileUrl } from "@/domain/files/image-upload";
import { payoutEmail } from "@/domain/notifications/emails/payout-email";
import { completeJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { formatMoney } from "@/domain/pricing/pricing";
import { employeeLocale } from "@/domain/employees/employee-invitation";
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
      integration: { select: { name: true, logo: { select: { pk: true, filename: true } } } },
    },
  });
  // Deleted since, or no address to write to: nothing to send.
  if (payout?.employee.email) {
    const email = await payoutEmail({
      locale: employeeLocale(payout.employee),
      employer: { name: payout.integration.name, logoUrl: fileUrl(ctx.publicUrl, payout.integration.logo) },
      name: payout.employee.name,
      amount: formatMoney(payout.amount),
      currency: payout.currency,
      description: payout.description,
      link: `${ctx.publicUrl}/e`,
    });
    await ctx.mailer.send({ key: `payout-${job.pk}`, to: payout.employee.email, ...email });
  }
  await ctx.db.$transaction((tx) => completeJob(tx, job, ctx.clock));
}
