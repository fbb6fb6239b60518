/**
 * Money as the API sends it: decimal strings ("1234.50"). Sums are taken in integer cents (BigInt), never
 * in JS floats, so that totals are exact however many rows are added. Shown and typed in the page's language:
 * `1 500,50 kr` in Swedish, `SEK 1,500.50` in English.
 */
import { INTL_LOCALES, type Locale } from "@/i18n/catalogue/locales";
import { parseDecimalInput } from "@/lib/decimal-input";

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d{1,2}))?$/;

/** "1234.5" → 123450n. Refuses anything that is not a plain decimal with at most two places. */
export function parseCents(text: string): bigint {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`not a money value: "${text}"`);
  const [, sign, whole, fraction = ""] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign === "-" ? -cents : cents;
}

/** 123450n → "1,234.50": two places, thousands grouped. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

const isMoney = (text: string) => DECIMAL.test(text.trim());

/** 123450n → "1234.50", the API's form. */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * A decimal string from the API as shown in the dashboard. Without a locale: "1234.5" → "1,234.50". With one,
 * as that language writes it, with the currency when given: ("1500.5", "sv", "SEK") → "1 500,50 kr".
 * Intl formats the decimal string itself (not a float), so no digit is lost. Anything else is shown as it came.
 */
export function formatMoney(text: string, locale?: Locale, currency?: string): string {
  if (!isMoney(text)) return text;
  if (!locale) return formatCents(parseCents(text));
  const options: Intl.NumberFormatOptions = currency
    ? { style: "currency", currency, currencyDisplay: locale === "sv" ? "symbol" : "code" }
    : { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    return formatCentsIn(parseCents(text), new Intl.NumberFormat(INTL_LOCALES[locale], { ...options, minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  } catch {
    return formatMoney(text, locale); // an unknown currency code: the amount alone
  }
}

/** Intl formats the whole units as a BigInt and the cents are put in as digits: exact, never a float. */
function formatCentsIn(cents: bigint, format: Intl.NumberFormat): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return format
    .formatToParts(negative ? (whole === 0n ? -0 : -whole) : whole)
    .map((part) => (part.type === "fraction" ? fraction : part.value))
    .join("");
}

/** The exact sum of decimal strings, formatted (in `locale` with `currency` when given). */
export function sumMoney(texts: readonly string[], locale?: Locale, currency?: string): string {
  const cents = texts.reduce((sum, text) => sum + parseCents(text), 0n);
  return locale ? formatMoney(centsToDecimal(cents), locale, currency) : formatCents(cents);
}

/**
 * An amount as a person types it, read in the page's language, to the API's decimal string; null when it is
 * not an amount (src/lib/decimal-input.ts: the CSV import reads spreadsheet cells by the same rule).
 */
export function parseMoneyInput(text: string, locale: Locale): string | null {
  return parseDecimalInput(text, locale === "sv");
}
