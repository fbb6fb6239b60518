"use client";

import { useMemo } from "react";
import { useLocale } from "use-intl";
import { countryLabel } from "../employees/countries";
import { formatDate, formatDateTime, formatDateTimeSeconds } from "../format";
import { formatMoney, parseMoneyInput, sumMoney } from "../money";

/**
 * Dates, money and country names in the page's language: `const f = useFormat(); f.money(payout.amount, payout.currency)`
 * shows "1 500,50 kr" to a Swedish reader; `f.parseMoney("1500,50")` reads what they type into "1500.50".
 */
export function useFormat() {
  const locale = useLocale();
  return useMemo(
    () => ({
      locale,
      dateTime: (iso: string) => formatDateTime(iso, locale),
      date: (iso: string) => formatDate(iso, locale),
      dateTimeSeconds: (iso: string) => formatDateTimeSeconds(iso, locale),
      money: (amount: string, currency?: string) => formatMoney(amount, locale, currency),
      sumMoney: (amounts: readonly string[], currency?: string) => sumMoney(amounts, locale, currency),
      parseMoney: (typed: string) => parseMoneyInput(typed, locale),
      /** "Sverige (SWE)" to a Swedish reader. */
      country: (alpha3: string) => countryLabel(alpha3, locale),
    }),
    [locale],
  );
}
