/** An Invoice to a client's finance team (the PDF is attached by the sender): what to pay, by when, with which reference. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type EmailContent } from "./email-content";

export interface InvoiceEmail {
  locale: Locale;
  /** The seller, whose Invoice it is (SELLER_NAME). */
  seller: string;
  recipient: string;
  number: string;
  /** The total with its currency as the language writes money ("21 992,34 kr", "SEK 21,992.34"). */
  total: string;
  due: string;
  ocr: string;
  /** Where it is paid in the dashboard. */
  link: string;
  /** A Prepayment's Invoice (paid ahead), not a Payrun's. */
  prepayment: boolean;
}

export function invoiceEmail(m: InvoiceEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const params = { recipient: m.recipient, number: m.number, total: m.total, due: m.due, ocr: m.ocr, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t("emails.invoice.subject", params),
    text: t(m.prepayment ? "emails.invoice.textPrepayment" : "emails.invoice.text", params),
    link: m.link,
    button: t("emails.invoice.button"),
    brand: { name: m.seller, logoUrl: null },
    footer: footerFor(m.locale, "payroute"),
    facts: [
      [t("emails.facts.invoiceNumber"), m.number],
      [t("emails.facts.total"), m.total],
      [t("emails.facts.due"), m.due],
      [t("emails.facts.ocr"), m.ocr],
    ],
  });
}
