/**
 * The health notices: an email to each admin of the subscription's account, in their saved language, when
 * its deliveries have failed for a third of WEBHOOK_DISABLE_AFTER_MINUTES and when it has been disabled.
 */
import { z } from "zod";
import type { ClaimedJob } from "@/domain/outbox/outbox-service";
import { completeOwnJob } from "@/domain/outbox/job-email";
import { webhookAlertEmail } from "@/domain/notifications/emails/webhook-alert-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { isLocale } from "@/i18n/catalogue/locales";

const ZPayload = z.object({
  subscriptionPk: z.string(),
  notice: z.enum(["failing", "disabled"]),
  since: z.iso.datetime(),
  disabledAt: z.iso.datetime(),
});

/** "2026-11-28 00:35 UTC": the same in both languages, and no reader's time zone to guess. */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export async function sendHealthNotice(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { subscriptionPk, notice, since, disabledAt } = ZPayload.parse(job.payload);
  const subscription = await ctx.db.webhookSubscription.findUnique({
    where: { pk: subscriptionPk },
    select: {
      id: true,
      url: true,
      environment: true,
      account: { select: { users: { where: { role: "client", teamRole: "admin" }, select: { id: true, email: true, locale: true } } } },
    },
  });
  // Deleted meanwhile: nobody needs telling.
  if (subscription) {
    const { id, url, environment } = subscription;
    for (const admin of subscription.account.users) {
      const email = await webhookAlertEmail({
        locale: isLocale(admin.locale) ? admin.locale : "en",
        notice,
        id,
        url,
        environment,
        since: utc(since),
        disabledAt: utc(disabledAt),
        link: `${ctx.publicUrl}/webhooks/${encodeURIComponent(id)}`,
      });
      await ctx.mailer.send({ key: `webhook-${notice}-${job.pk}-${admin.id}`, to: admin.email, ...email });
    }
  }
  await ctx.db.$transaction((tx) => completeOwnJob(tx, job, ctx.clock));
}
