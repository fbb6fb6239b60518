/**
 * Per-country rules for Registrations, taken from maintained data rather than kept by hand:
 *
 * - Countries: ISO 3166-1 alpha-3 (i18n-iso-countries), mapped to alpha-2 for the other libraries. `SWE` is refused.
 * - Tax numbers (stdnum, a port of python-stdnum, with check digits and formats):
 *   - `tin_number` must match one of the country's business-number validators: stdnum's `entityValidators`,
 *     plus the business tax numbers stdnum has but does not list there (`EXTRA`). Countries stdnum has
 *     no validator for accept any non-blank value, marked unchecked for the review team.
 *   - `vat_number` must match the country's VAT validator: stdnum's `euVat` table plus the non-EU VAT
 *     schemes in `EXTRA`. Elsewhere it is accepted unchecked.
 *   - `vat_number` is required for the EU member states (every EU business trading cross-border has a VAT
 *     number, and invoices to them need it).
 * - States (iso-3166, ISO 3166-2 first-level subdivisions): required for the countries in
 *   `STATE_COUNTRIES`, whose postal addresses need the state, province or territory; the value must be one
 *   of the country's first-level subdivisions, given as its code ("CA"), prefixed code ("US-CA") or name
 *   ("California"), and is stored as the code without prefix. Elsewhere `state` is optional free text.
 */
import countries from "i18n-iso-countries";
import { iso31662 } from "iso-3166";
import { entityValidators, euVat, stdnum, type Validator } from "stdnum";
import type { Locale } from "@/i18n/locale";

export const REFUSED_COUNTRIES = ["SWE"] as const;

export const EU_MEMBER_STATES = [
  "AT",
  "BE",
  "BG",
  "HR",
  "CY",
  "CZ",
  "DK",
  "EE",
  "FI",
  "FR",
  "DE",
  "GR",
  "HU",
  "IE",
  "IT",
  "LV",
  "LT",
  "LU",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SK",
  "SI",
  "ES",
  "SE",
] as const;

/** Countries whose postal addresses need the first-level subdivision. */
export const STATE_COUNTRIES = ["US", "CA", "AU", "BR", "MX", "IN", "CN", "JP"] as const;

/**
 * What stdnum validates but its tables leave out, by country: business tax numbers (`tin`, besides
 * `entityValidators`) and VAT schemes (`vat`, outside the `euVat` table).
 */
const EXTRA: Record<string, { tin?: Validator; vat?: Validator }> = {
  AL: { vat: stdnum.AL.nipt },
  AU: { vat: stdnum.AU.abn }, // GST registration is by ABN
  CA: { vat: stdnum.CA.gst },
  DZ: { tin: stdnum.DZ.nif },
  EG: { tin: stdnum.EG.tn },
  FO: { tin: stdnum.FO.vn },
  GB: { tin: stdnum.GB.utr, vat: stdnum.GB.vat }, // Corporation Tax UTR, besides the VAT number stdnum lists
  GH: { tin: stdnum.GH.tin },
  GN: { tin: stdnum.GN.nifp },
  HR: { tin: stdnum.HR.oib },
  IN: { vat: stdnum.IN.gstin },
  IS: { vat: stdnum.IS.vsk },
  KE: { tin: stdnum.KE.pin },
  MC: { vat: stdnum.MC.tva },
  ME: { tin: stdnum.ME.pib },
  MK: { tin: stdnum.MK.edb, vat: stdnum.MK.edb },
  NL: { tin: stdnum.NL.bsn }, // RSIN, a company's tax number, has the BSN's format and check digit
  NO: { vat: stdnum.NO.mva },
  NZ: { vat: stdnum.NZ.ird }, // GST number is the IRD number
  RS: { vat: stdnum.RS.pib },
  TH: { tin: stdnum.TH.tin },
  TN: { tin: stdnum.TN.mf },
  VE: { tin: stdnum.VE.rif },
  ZA: { vat: stdnum.ZA.vat },
};

/** The validator of `kind` that `EXTRA` adds for `country`, as a list (empty when none). */
function extra(country: Country, kind: "tin" | "vat"): Validator[] {
  const validator = EXTRA[country.alpha2]?.[kind];
  return validator ? [validator] : [];
}

export interface Country {
  alpha3: string;
  alpha2: string;
}

/** The country of an alpha-3 code (any case), or null when it is not one. */
export function countryOf(alpha3: string): Country | null {
  const code = alpha3.trim().toUpperCase();
  const alpha2 = /^[A-Z]{3}$/.test(code) ? countries.alpha3ToAlpha2(code) : undefined;
  return alpha2 ? { alpha3: code, alpha2 } : null;
}

export function countryName(country: Country, locale: Locale): string {
  return countries.getName(country.alpha3, locale) ?? country.alpha3;
}

export function isRefusedCountry(country: Country): boolean {
  return (REFUSED_COUNTRIES as readonly string[]).includes(country.alpha3);
}

export function tinValidators(country: Country): Validator[] {
  return [...(entityValidators[country.alpha2] ?? []), ...extra(country, "tin")];
}

export function vatValidators(country: Country): Validator[] {
  const eu = euVat[country.alpha2] ?? [];
  return eu.length ? eu : extra(country, "vat");
}

export function vatRequired(country: Country): boolean {
  return (EU_MEMBER_STATES as readonly string[]).includes(country.alpha2);
}

export function stateRequired(country: Country): boolean {
  return (STATE_COUNTRIES as readonly string[]).includes(country.alpha2);
}

export interface Subdivision {
  /** Without the country prefix: "CA" for US-CA. */
  code: string;
  name: string;
}

const subdivisionsByCountry = new Map<string, Subdivision[]>();
for (const entry of iso31662) {
  // First-level subdivisions only: their parent is the country itself.
  if (!/^[A-Z]{2}$/.test(entry.parent)) continue;
  const list = subdivisionsByCountry.get(entry.parent) ?? [];
  list.push({ code: entry.code.slice(entry.parent.length + 1), name: entry.name });
  subdivisionsByCountry.set(entry.parent, list);
}

export function subdivisions(country: Country): Subdivision[] {
  return subdivisionsByCountry.get(country.alpha2) ?? [];
}

/** The subdivision a value names (code, "US-CA" style code, or name; any case), or null. */
export function findSubdivision(country: Country, value: string): Subdivision | null {
  const wanted = value.trim().toUpperCase();
  const prefix = `${country.alpha2}-`;
  const code = wanted.startsWith(prefix) ? wanted.slice(prefix.length) : wanted;
  const list = subdivisions(country);
  return list.find((s) => s.code === code) ?? list.find((s) => s.name.toUpperCase() === wanted) ?? null;
}

/** The scheme names to show in messages, e.g. "CVR" or "EIN". */
export function schemeNames(validators: Validator[]): string {
  return validators.map((v) => (v.abbreviation ?? v.name).trim()).join(", ");
}
