/**
 * "Forgot password": better-auth makes the token and the link; the email is written by the outbox worker,
 * in the person's saved language, else the language of the browser that asked.
 */
import { z } from "zod";
import type { Clock } from "@/domain/shared/clock";
import type { Db } from "@/db/database";
import { enqueueJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { completeOwnJob } from "@/domain/outbox/job-email";
import { passwordResetEmail } from "@/domain/notifications/emails/password-reset-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { isLocale, type Locale } from "@/i18n/catalogue/locales";

export const PASSWORD_RESET_JOB = "user.password_reset";

// The link holds better-auth's reset token, which its own table keeps as plainly; the job is purged with the others.
const ZPayload = z.object({ userId: z.string(), url: z.url(), locale: z.string() });

export async function enqueuePasswordReset(db: Db, input: { userId: string; url: string; requestLocale: Locale }, clock: Clock): Promise<void> {
  const user = await db.user.findUnique({ where: { id: input.userId }, select: { locale: true } });
  const locale = isLocale(user?.locale) ? user.locale : input.requestLocale;
  await db.$transaction((tx) => enqueueJob(tx, { kind: PASSWORD_RESET_JOB, payload: { userId: input.userId, url: input.url, locale }, runAt: clock.now() }));
}

export async function sendPasswordReset(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { userId, url, locale: saved } = ZPayload.parse(job.payload);
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { name: true, email: true } });
  if (user) {
    const email = await passwordResetEmail({ locale: isLocale(saved) ? saved : "en", name: user.name, link: url });
    await ctx.mailer.send({ key: `password-reset-${job.pk}`, to: user.email, ...email });
  }
  await ctx.db.$transaction((tx) => completeOwnJob(tx, job, ctx.clock));
}
