/** An Employee's bank account for payouts was changed: a notice, in case it was not them. Never the account number. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type Brand, type EmailContent } from "./email-content";

export interface BankChangedEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The bank's name (from the clearing number), the only detail of the new account the email names. */
  bank: string;
  link: string;
}

export function bankChangedEmail(m: BankChangedEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { name: m.name, integration: m.employer.name, bank: m.bank, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t("emails.bankChanged.subject", params),
    text: t("emails.bankChanged.text", params),
    link: m.link,
    button: t("emails.bankChanged.button"),
    brand: m.employer,
    footer: footerFor(m.locale, { employer: m.employer.name }),
  });
}
