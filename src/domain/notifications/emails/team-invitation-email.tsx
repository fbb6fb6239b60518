/** An invitation to join a client's account on Payroute, with the link to choose a password. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, type EmailContent } from "./email-content";

export interface TeamInvitationEmail {
  locale: Locale;
  /** Who invites, by name. */
  inviter: string;
  account: string;
  link: string;
}

export function teamInvitationEmail(m: TeamInvitationEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { inviter: m.inviter, account: m.account, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t("emails.teamInvitation.subject", params),
    text: t("emails.teamInvitation.text", params),
    link: m.link,
    button: t("emails.teamInvitation.button", params),
    // The account's name on top: the invitation is to it. The reader has no account yet, so no "why" line.
    brand: { name: m.account, logoUrl: null },
    footer: [t("emails.layout.sentBy")],
  });
}
