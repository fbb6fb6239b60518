/**
 * The languages Payroute speaks and how a request's language is chosen: the person's choice (the
 * `payroute_locale` cookie, which the dashboard's language switch sets and sign-in restores from the
 * person's setting), else Accept-Language, else English. Pure, so the browser and the server share it.
 */
import { qualityValues } from "@/lib/quality-values";

export const LOCALES = ["en", "sv"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The cookie that carries a person's language choice. */
export const LOCALE_COOKIE = "payroute_locale";

/** What each language is called in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", sv: "Svenska" };

/** The BCP 47 tag the Intl formatters get: Swedish numbers, dates and money as Sweden writes them. */
export const INTL_LOCALES: Record<Locale, string> = { en: "en-GB", sv: "sv-SE" };

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((l) => l === value);
}

/** Picks English or Swedish from an Accept-Language header, honouring q-values; English by default. */
export function negotiateLocale(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  let best: Locale = DEFAULT_LOCALE;
  let bestQ = 0;
  for (const { value: tag, q } of qualityValues(header)) {
    const lang = tag.split("-")[0];
    const match = LOCALES.find((l) => l === lang) ?? (tag === "*" ? DEFAULT_LOCALE : undefined);
    if (match && Number.isFinite(q) && q > bestQ) {
      best = match;
      bestQ = q;
    }
  }
  return best;
}

/** The page's language: a valid cookie choice wins over the browser's Accept-Language. */
export function requestLocale(cookieValue: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return isLocale(cookieValue) ? cookieValue : negotiateLocale(acceptLanguage);
}
