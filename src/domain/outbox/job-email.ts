/**
 * What the email jobs share (team invitation, password reset, an Employee's sign-in link): an email whose
 * point is one link, written from the API catalogue in the reader's language, and the job's completion.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Clock } from "@/domain/shared/clock";
import { textMailHtml } from "@/domain/notifications/mail-html";
import { completeJob, type ClaimedJob } from "./outbox-service";
import type { JobContext } from "./job-handlers";
import type { Locale } from "@/i18n/catalogue/locales";
import { t, type MessageParams } from "@/i18n/locale";
import type { MessageKey } from "@/i18n/messages";

export interface LinkEmail {
  /** The mailer's key for this email (a re-run of the job sends it once). */
  key: string;
  to: string;
  /** The catalogue's subject, text (which holds `{link}`) and button. */
  texts: { subject: MessageKey; text: MessageKey; button: MessageKey };
  params: MessageParams;
  link: string;
  locale: Locale;
}

/** Sends `mail`: the text as written, and HTML of the text with the link as a button. */
export async function sendLinkEmail(ctx: JobContext, mail: LinkEmail): Promise<void> {
  const params = { ...mail.params, link: mail.link };
  const text = t(mail.texts.text, params, mail.locale);
  await ctx.mailer.send({
    key: mail.key,
    to: mail.to,
    subject: t(mail.texts.subject, params, mail.locale),
    text,
    html: textMailHtml(text, mail.link, t(mail.texts.button, params, mail.locale)),
  });
}

/** Completes `job` in `tx`; throws (rolling `tx` back) when another worker has taken the job over. */
export async function completeOwnJob(tx: Prisma.TransactionClient, job: ClaimedJob, clock: Clock): Promise<void> {
  if (!(await completeJob(tx, job, clock))) throw new Error("job was taken over by another worker");
}
