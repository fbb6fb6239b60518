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
import type { ServerMessages } from "@/i18n/catalogue/catalogue";
import type { MessageParams } from "@/i18n/locale";
import { serverTexts } from "@/i18n/server-texts";

type Emails = ServerMessages["emails"];
/** The catalogue's emails whose point is one link: a subject, a text that holds `{link}`, and a button. */
export type LinkEmailTexts = { [N in keyof Emails]: Emails[N] extends { button: string } ? N : never }[keyof Emails];

export interface LinkEmail {
  /** The mailer's key for this email (a re-run of the job sends it once). */
  key: string;
  to: string;
  /** The catalogue's email (`emails.signInLink`, say). */
  texts: LinkEmailTexts;
  params: MessageParams;
  link: string;
  locale: Locale;
}

/** Sends `mail`: the text as written, and HTML of the text with the link as a button. */
export async function sendLinkEmail(ctx: JobContext, mail: LinkEmail): Promise<void> {
  const params = { ...mail.params, link: mail.link };
  const texts = serverTexts(mail.locale);
  const text = texts(`emails.${mail.texts}.text`, params);
  await ctx.mailer.send({
    key: mail.key,
    to: mail.to,
    subject: texts(`emails.${mail.texts}.subject`, params),
    text,
    html: textMailHtml(text, mail.link, texts(`emails.${mail.texts}.button`, params)),
  });
}

/** Completes `job` in `tx`; throws (rolling `tx` back) when another worker has taken the job over. */
export async function completeOwnJob(tx: Prisma.TransactionClient, job: ClaimedJob, clock: Clock): Promise<void> {
  if (!(await completeJob(tx, job, clock))) throw new Error("job was taken over by another worker");
}
