/**
 * A calendar day as people read it, the one style of the dashboard, the invoice PDF and its email:
 * "2026-12-11" → "11 Dec 2026" / "11 dec. 2026". The day is read as that day wherever the reader is (UTC).
 */
import { INTL_LOCALES, type Locale } from "./locales";

const formats = new Map<string, Intl.DateTimeFormat>();

export function formatCalendarDay(day: string, locale?: Locale): string {
  const key = locale ?? "";
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale && INTL_LOCALES[locale], { dateStyle: "medium", timeZone: "UTC" });
    formats.set(key, format);
  }
  return format.format(new Date(`${day}T00:00:00.000Z`));
}
