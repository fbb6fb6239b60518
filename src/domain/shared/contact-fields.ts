/**
 * Country, email and phone fields, validated with maintained libraries and normalised.
 * Phone numbers use libphonenumber-js's "max" metadata (exact validity, not only length). It is pinned to
 * 1.12.x: 1.13.x ships no .d.ts for its ESM entries.
 */
import countries from "i18n-iso-countries";
import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { z } from "zod";
import { t } from "@/i18n/locale";

/** ISO 3166-1 alpha-3 (e.g. "SWE"), any case in, upper case out. */
export const ZCountryAlpha3 = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => /^[A-Z]{3}$/.test(v) && countries.isValid(v), { error: (iss) => t("invalid_country", { value: String(iss.input) }) });

export function alpha2(alpha3: string): CountryCode | undefined {
  const code = countries.alpha3ToAlpha2(alpha3);
  return code && isSupportedCountry(code) ? code : undefined;
}

export const ZEmail = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** A phone number with country code (or national, resolved with `country` when given), normalised to E.164. */
export function normalisePhone(value: string, defaultCountryAlpha3?: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), defaultCountryAlpha3 ? alpha2(defaultCountryAlpha3) : undefined);
  return phone?.isValid() ? phone.number : null;
}
