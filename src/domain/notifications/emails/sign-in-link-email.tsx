/** An Employee's new sign-in link ("Send me a new link"), from their employer. */
import type { Locale } from "@/i18n/catalogue/locales";
import { employeeEmail, type Brand, type EmailContent } from "./email-content";

export interface SignInLinkEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  link: string;
}

export function signInLinkEmail(m: SignInLinkEmail): Promise<EmailContent> {
  return employeeEmail("signInLink", m, { name: m.name, integration: m.employer.name, link: m.link });
}
