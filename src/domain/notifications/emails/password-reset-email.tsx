/** "Forgot password": better-auth's reset link for a person of the dashboard. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type EmailContent } from "./email-content";

export interface PasswordResetEmail {
  locale: Locale;
  name: string;
  link: string;
}

export function passwordResetEmail(m: PasswordResetEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { name: m.name, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t("emails.passwordReset.subject", params),
    text: t("emails.passwordReset.text", params),
    link: m.link,
    button: t("emails.passwordReset.button"),
    brand: null,
    footer: footerFor(m.locale, "payroute"),
  });
}
