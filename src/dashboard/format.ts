/**
 * Timestamps as the dashboard shows them: in the page's language (`locale`; the browser's when not given) and
 * the reader's time zone. The API's values are ISO 8601 in UTC. Components use `useFormat()`, which binds
 * the page's language.
 */
import { INTL_LOCALES, type Locale } from "@/i18n/catalogue/locales";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${options.timeStyle ?? ""}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale && INTL_LOCALES[locale], options);
    formatters.set(key, found);
  }
  return found;
}

export function formatDateTime(iso: string, locale?: Locale): string {
  return formatter(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

export function formatDate(iso: string, locale?: Locale): string {
  return formatter(locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** With seconds, where they matter: delivery attempts and retries come seconds apart. */
export function formatDateTimeSeconds(iso: string, locale?: Locale): string {
  return formatter(locale, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(iso));
}
