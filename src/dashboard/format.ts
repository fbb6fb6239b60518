/**
 * Timestamps as the dashboard shows them: in the page's language (`locale`; the browser's when not given) and
 * the reader's time zone. The API's values are ISO 8601 in UTC. Components use `useFormat()`, which binds
 * the page's language.
 */
import { INTL_LOCALES, type Locale } from "@/i18n/catalogue/locales";
import { formatCalendarDay } from "@/i18n/catalogue/calendar-day";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${JSON.stringify(options)}`;
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

/** A calendar day as the API writes it ("2026-12-11", no time of day), in the page's language, as the invoice PDF writes it too. */
export const formatDay = formatCalendarDay;

/** A calendar day without its year, for a chart's axis: "3 Mar", "3 mars". */
export function formatShortDay(day: string, locale?: Locale): string {
  return formatter(locale, { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date(`${day}T00:00:00.000Z`));
}

const counts = new Map<string, Intl.NumberFormat>();

/** A count grouped as the language does: "1,045" in English, "1 045" in Swedish. */
export function formatCount(n: number, locale?: Locale): string {
  const key = locale ?? "";
  let found = counts.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locale && INTL_LOCALES[locale], { maximumFractionDigits: 0 });
    counts.set(key, found);
  }
  return found.format(n);
}

/** A duration in milliseconds with one decimal, as the language writes it: "12.3 ms", "12,3 ms". */
export function formatMilliseconds(ms: number, locale?: Locale): string {
  return new Intl.NumberFormat(locale && INTL_LOCALES[locale], {
    style: "unit",
    unit: "millisecond",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(ms);
}

/** The units a span of time is written in, largest first, with their length in seconds. */
const SPAN_UNITS = [
  ["days", 86_400],
  ["hours", 3_600],
  ["minutes", 60],
  ["seconds", 1],
] as const;
export type TimeSpanUnit = (typeof SPAN_UNITS)[number][0];

/** A span of whole seconds in the units people read it in, leaving out the empty ones: 9000 → hours 2, minutes 30. */
export function timeSpanParts(seconds: number): [TimeSpanUnit, number][] {
  let rest = Math.max(0, Math.floor(seconds));
  const parts: [TimeSpanUnit, number][] = [];
  for (const [unit, size] of SPAN_UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push([unit, count]);
  }
  return parts;
}

/**
 * A span of time as people read it, each unit's words from the catalogue (`common.timeSpan`, given as `unitText`):
 * "1 day", "2 h 30 min", "1 dag"; an empty span is "0 s".
 */
export function formatTimeSpan(seconds: number, unitText: (unit: TimeSpanUnit, count: number) => string): string {
  const parts = timeSpanParts(seconds);
  return parts.length === 0 ? unitText("seconds", 0) : parts.map(([unit, count]) => unitText(unit, count)).join(" ");
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** How long ago `iso` was, in the largest whole unit: "3 days ago", "för 3 dagar sedan". */
export function formatAge(iso: string, now: Date, locale?: Locale): string {
  const elapsed = Math.max(0, now.getTime() - new Date(iso).getTime());
  const [unit, ms] = UNITS.find(([, size]) => elapsed >= size) ?? UNITS[UNITS.length - 1];
  return new Intl.RelativeTimeFormat(locale && INTL_LOCALES[locale], { numeric: "auto" }).format(-Math.floor(elapsed / ms), unit);
}
