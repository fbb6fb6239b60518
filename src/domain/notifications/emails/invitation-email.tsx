/** The Employee's invitation: from their employer, with the claim link as the button and the invitation code. */
import type { Locale } from "@/i18n/catalogue/locales";
import { employeeEmail, type Brand, type EmailContent } from "./email-content";

export interface InvitationEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The claim link, with its token in the fragment. */
  link: string;
  code: string;
}

export function invitationEmail(m: InvitationEmail): Promise<EmailContent> {
  return employeeEmail("invitation", m, { name: m.name, integration: m.employer.name, link: m.link, code: m.code });
}
