/**
 * An email's two alternatives from one set of words: the text part is the catalogue's text with the footer, the
 * HTML part the same paragraphs in the shared layout (React Email), with the link as a button and the facts in a
 * table. Every email of Payroute is made here; its template (one file per email beside this one) chooses the words.
 */
import type { ReactNode } from "react";
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { Facts, MessageText } from "./email-blocks";
import { EmailLayout, type Brand } from "./email-layout";
import { renderEmail } from "./render-email";

export type { Brand } from "./email-layout";

/** What the mailer sends of an email: its subject and both alternatives. */
export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

export interface EmailParts {
  locale: Locale;
  subject: string;
  /** The plain text, as the catalogue writes it; its paragraph `link` is the button. */
  text: string;
  link: string;
  button: string;
  brand: Brand | null;
  /** Who sent it and why the reader gets it (`footerFor`). */
  footer: string[];
  facts?: [label: string, value: string][];
}

/** The footer of an email to an Employee (from their employer) or to a client's people (from Payroute). */
export function footerFor(locale: Locale, from: { employer: string } | "payroute"): string[] {
  const t = serverTexts(locale);
  return from === "payroute"
    ? [t("emails.layout.sentBy"), t("emails.layout.staffWhy")]
    : [t("emails.layout.onBehalf", { employer: from.employer }), t("emails.layout.employeeWhy", { employer: from.employer })];
}

/** The emails to an Employee from their employer, by their catalogue entry (`emails.<kind>.subject|text|button`). */
type EmployeeEmailKind = "invitation" | "bankChanged" | "signInLink" | "payout";

/** An email to an Employee from their employer: its words from the catalogue, the employer's brand, and the footer for them. */
export function employeeEmail(
  kind: EmployeeEmailKind,
  m: { locale: Locale; employer: Brand; link: string },
  params: Record<string, string>,
  facts?: EmailParts["facts"],
): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  return emailContent({
    locale: m.locale,
    subject: t(`emails.${kind}.subject`, params),
    text: t(`emails.${kind}.text`, params),
    link: m.link,
    button: t(`emails.${kind}.button`),
    brand: m.employer,
    footer: footerFor(m.locale, { employer: m.employer.name }),
    facts,
  });
}

export async function emailContent(parts: EmailParts): Promise<EmailContent> {
  const host = new URL(parts.link).host;
  const safety = serverTexts(parts.locale)("emails.layout.safety", { host });
  // The inbox's preview line: the first paragraph after the greeting.
  const preview = parts.text.split(/\n{2,}/)[1]?.trim() ?? parts.subject;
  const facts: ReactNode = parts.facts?.length ? <Facts rows={parts.facts} /> : null;
  const html = renderEmail(
    <EmailLayout locale={parts.locale} preview={preview} brand={parts.brand} footer={parts.footer} host={host}>
      <MessageText locale={parts.locale} text={parts.text} link={parts.link} button={parts.button} facts={facts} />
    </EmailLayout>,
  );
  // "-- " on a line of its own: the signature separator mail clients know; what follows it is not the message.
  const text = `${parts.text.trimEnd()}\n\n-- \n${[...parts.footer, safety].join("\n")}\n`;
  return { subject: parts.subject, text, html };
}
