/**
 * Amounts, rates and days as documents people receive write them in their language (the Invoice PDF and every
 * email): `21 992,34 kr` and `25 %` in Swedish, `SEK 21,992.34` and `25%` in English (the dashboard's convention,
 * src/dashboard/money.ts). Intl formats the
 * decimal string itself (not a float), so no digit is lost.
 */
import { formatCalendarDay } from "@/i18n/catalogue/calendar-day";
import { INTL_LOCALES, type Locale } from "@/i18n/catalogue/locales";

export interface DocumentFormat {
  /** "21992.34" → "21 992,34 kr" / "SEK 21,992.34"; without a currency, the number alone ("21 992,34"). */
  money(amount: string, currency?: string): string;
  /** "0.25" → "25 %" / "25%". */
  percent(rate: string): string;
  /** "2026-12-11" → "11 dec. 2026" / "11 Dec 2026", as the dashboard shows a day. */
  day(day: string): string;
}

/** A decimal as the API writes it ("-1234.50"): Intl.NumberFormat formats such a string exactly, as a decimal. */
const isDecimal = (text: string): text is `${number}` => /^-?\d+(\.\d+)?$/.test(text);

// Swedish writes a minus as U+2212, which the PDF's Helvetica lacks: a hyphen-minus reads the same.
const plainMinus = (text: string) => text.replace(/\u2212/g, "-");

export function documentFormat(locale: Locale): DocumentFormat {
  const tag = INTL_LOCALES[locale];
  const number = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const currencies = new Map<string, Intl.NumberFormat>();
  const withCurrency = (currency: string) => {
    let format = currencies.get(currency);
    if (!format) {
      const display = locale === "sv" ? "symbol" : "code";
      format = new Intl.NumberFormat(tag, { style: "currency", currency, currencyDisplay: display, minimumFractionDigits: 2, maximumFractionDigits: 2 });
      currencies.set(currency, format);
    }
    return format;
  };
  const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 });
  return {
    // Anything but a decimal is shown as it came (there is none: the amounts are the API's).
    money: (amount, currency) => (isDecimal(amount) ? plainMinus((currency ? withCurrency(currency) : number).format(amount)) : amount),
    percent: (rate) => (isDecimal(rate) ? plainMinus(percent.format(rate)) : rate),
    day: (day) => formatCalendarDay(day, locale),
  };
}
