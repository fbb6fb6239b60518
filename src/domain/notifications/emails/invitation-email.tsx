/** The Employee's invitation: from their employer, with the claim link as the button and the invitation code. */
import type { Locale } from "@/i18n/catalogue/locales";
import { employeeEmail, type Brand, type EmailContent } from "./email-content";
import { EmailTemplates } from "./email-templates";

export interface InvitationEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The claim link, with its token in the fragment. */
  link: string;
  code: string;
}

/** The invitation rendered for one reader. */
export function renderInvitationEmail(m: InvitationEmail): Promise<EmailContent> {
  return employeeEmail("invitation", m, { name: m.name, integration: m.employer.name, link: m.link, code: m.code });
}

/** Invitations differ per reader in the name, link and code only: rendered once per language, employer and link origin. */
const templates = new EmailTemplates(["name", "link", "code"] as const);

/** The invitation for one reader, from the template of its language, employer and link origin. */
export function invitationEmail(m: InvitationEmail): Promise<EmailContent> {
  const origin = new URL(m.link).origin;
  return templates.fill(
    JSON.stringify([m.locale, m.employer.name, m.employer.logoUrl, origin]),
    { name: m.name, link: m.link, code: m.code },
    (value) => renderInvitationEmail({ ...m, name: value("name"), link: value("link"), code: value("code") }),
    // The link's stand-in is a URL of the same origin: the email names its host.
    (slot, standIn) => (slot === "link" ? `${origin}/${standIn}` : standIn),
  );
}
