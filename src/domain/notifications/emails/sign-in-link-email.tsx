/** An Employee's new sign-in link ("Send me a new link"), from their employer. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type Brand, type EmailContent } from "./email-content";

export interface SignInLinkEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  link: string;
}

export function signInLinkEmail(m: SignInLinkEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { name: m.name, integration: m.employer.name, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t("emails.signInLink.subject", params),
    text: t("emails.signInLink.text", params),
    link: m.link,
    button: t("emails.signInLink.button"),
    brand: m.employer,
    footer: footerFor(m.locale, { employer: m.employer.name }),
  });
}
