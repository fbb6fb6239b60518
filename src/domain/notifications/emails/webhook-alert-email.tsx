/** The webhook health notices to an account's admins: a subscription is failing, or has been disabled. */
import type { Locale } from "@/i18n/catalogue/locales";
import { serverTexts } from "@/i18n/server-texts";
import { emailContent, footerFor, type EmailContent } from "./email-content";

export interface WebhookAlertEmail {
  locale: Locale;
  notice: "failing" | "disabled";
  id: string;
  url: string;
  environment: string;
  /** When its deliveries began to fail, and when it is (or was) disabled: written as the reader reads them. */
  since: string;
  disabledAt: string;
  /** The webhook's page in the dashboard. */
  link: string;
}

export function webhookAlertEmail(m: WebhookAlertEmail): Promise<EmailContent> {
  const t = serverTexts(m.locale);
  const key = m.notice === "failing" ? "webhookFailing" : "webhookDisabled";
  const params = { id: m.id, url: m.url, environment: m.environment, since: m.since, disabledAt: m.disabledAt, link: m.link };
  return emailContent({
    locale: m.locale,
    subject: t(`emails.${key}.subject`, params),
    text: t(`emails.${key}.text`, params),
    link: m.link,
    button: t(`emails.${key}.button`),
    brand: null,
    footer: footerFor(m.locale, "payroute"),
    facts: [
      [t("emails.facts.webhook"), m.id],
      [t("emails.facts.environment"), m.environment],
      [t("emails.facts.url"), m.url],
      [t("emails.facts.failingSince"), m.since],
      [m.notice === "failing" ? t("emails.facts.disablesAt") : t("emails.facts.disabledAt"), m.disabledAt],
    ],
  });
}
