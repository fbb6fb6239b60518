/** An Employee's bank account for payouts was changed: a notice, in case it was not them. Never the account number. */
import type { Locale } from "@/i18n/catalogue/locales";
import { employeeEmail, type Brand, type EmailContent } from "./email-content";

export interface BankChangedEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The bank's name (from the clearing number), the only detail of the new account the email names. */
  bank: string;
  link: string;
}

export function bankChangedEmail(m: BankChangedEmail): Promise<EmailContent> {
  return employeeEmail("bankChanged", m, { name: m.name, integration: m.employer.name, bank: m.bank, link: m.link });
}
