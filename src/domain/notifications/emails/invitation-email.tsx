/** The Employee's invitation: from their employer, with the claim link as the button and the invitation code. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type Brand, type EmailContent } from "./email-content";

export interface InvitationEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The claim link, with its token in the fragment. */
  link: string;
  code: string;
}

export function invitationEmail(m: InvitationEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { name: m.name, integration: m.employer.name, link: m.link, code: m.code };
  return emailContent({
    locale: m.locale,
    subject: t("emails.invitation.subject", params),
    text: t("emails.invitation.text", params),
    link: m.link,
    button: t("emails.invitation.button"),
    brand: m.employer,
    footer: footerFor(m.locale, { employer: m.employer.name }),
  });
}
