/** A Payout for an Employee (its Payrun paid, or resent): the amount and who pays it, and the way to accept it. */
import type { Locale } from "@/i18n/catalogue/locales";
import { documentFormat } from "@/i18n/document-format";
import { serverTexts } from "@/i18n/server-texts";
import { employeeEmail, type Brand, type EmailContent } from "./email-content";

export interface PayoutEmail {
  locale: Locale;
  employer: Brand;
  name: string;
  /** The decimal as the API writes it ("250.00"). */
  amount: string;
  currency: string;
  description: string;
  link: string;
}

export function payoutEmail(m: PayoutEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  // "1 500,50 kr" / "SEK 1,500.50": the amount as the Employee's language writes money.
  const amount = documentFormat(m.locale).money(m.amount, m.currency);
  const params = { name: m.name, amount, integration: m.employer.name, description: m.description, link: m.link };
  return employeeEmail("payout", m, params, [
    [t("emails.facts.amount"), amount],
    [t("emails.facts.from"), m.employer.name],
  ]);
}
