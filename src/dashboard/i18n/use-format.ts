"use client";

import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import { countryLabel } from "../employees/countries";
import {
  formatAge,
  formatCount,
  formatMilliseconds,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDay,
  formatShortDay,
  formatTimeSpan,
} from "../format";
import { formatMoney, parseMoneyInput, sumMoney } from "../money";

/**
 * Dates, money and country names in the page's language: `const f = useFormat(); f.money(payout.amount, payout.currency)`
 * shows "1 500,50 kr" to a Swedish reader; `f.parseMoney("1500,50")` reads what they type into "1500.50".
 */
export function useFormat() {
  const locale = useLocale();
  const spanUnit = useTranslations("common.timeSpan");
  return useMemo(
    () => ({
      locale,
      dateTime: (iso: string) => formatDateTime(iso, locale),
      date: (iso: string) => formatDate(iso, locale),
      dateTimeSeconds: (iso: string) => formatDateTimeSeconds(iso, locale),
      /** A YYYY-MM-DD day (a due date), as that day in any time zone. */
      day: (day: string) => formatDay(day, locale),
      shortDay: (day: string) => formatShortDay(day, locale),
      count: (n: number) => formatCount(n, locale),
      duration: (ms: number) => formatMilliseconds(ms, locale),
      /** A span of whole seconds: "1 day", "2 h 30 min", "1 dag". */
      timeSpan: (seconds: number) => formatTimeSpan(seconds, (unit, count) => spanUnit(unit, { count })),
      /** "3 days ago", counted from `now` (the reader's clock). */
      age: (iso: string, now: Date) => formatAge(iso, now, locale),
      /** Always with its currency, so that every amount reads alike: "SEK 1,500.50", "1 500,50 kr". */
      money: (amount: string, currency: string) => formatMoney(amount, locale, currency),
      sumMoney: (amounts: readonly string[], currency: string) => sumMoney(amounts, locale, currency),
      parseMoney: (typed: string) => parseMoneyInput(typed, locale),
      /** "Sverige (SWE)" to a Swedish reader. */
      country: (alpha3: string) => countryLabel(alpha3, locale),
    }),
    [locale, spanUnit],
  );
}
