/**
 * The sender of emails. A real mail server gets a real sender, or none: with SMTP_URL and no MAIL_FROM the
 * processes refuse to start, since a made-up `no-reply@payroute.invalid` is what makes an email look like
 * phishing (and what SPF/DKIM cannot vouch for). The .eml files of development keep a default.
 */
import addressparser from "nodemailer/lib/addressparser";
import type { TEnv } from "./env";

export const DEV_MAIL_FROM = "Payroute <no-reply@payroute.invalid>";

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** MAIL_FROM, checked: one address (with or without a name); the default only when emails are files. */
export function mailSender(e: Pick<TEnv, "SMTP_URL" | "MAIL_FROM">): string {
  if (!e.MAIL_FROM) {
    if (e.SMTP_URL) {
      throw new Error(
        'Invalid configuration:\n  MAIL_FROM: required when SMTP_URL is set: the sender of emails, such as "Payroute <no-reply@pay.example.com>", an address your mail server may send from',
      );
    }
    return DEV_MAIL_FROM;
  }
  const parsed = addressparser(e.MAIL_FROM, { flatten: true });
  if (parsed.length !== 1 || !ADDRESS.test(parsed[0].address)) {
    throw new Error('Invalid configuration:\n  MAIL_FROM: must be one email address, such as "Payroute <no-reply@pay.example.com>"');
  }
  return e.MAIL_FROM;
}
