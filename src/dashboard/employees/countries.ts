import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import sv from "i18n-iso-countries/langs/sv.json";
import { iso31661 } from "iso-3166";
import type { Locale } from "@/i18n/catalogue/locales";

countries.registerLocale(en);
countries.registerLocale(sv);

export interface CountryOption {
  alpha3: string;
  name: string;
}

// Short everyday names ("United Kingdom") where the runtime has them; the ISO names are long and formal.
const regionNames = {
  en: new Intl.DisplayNames(["en"], { type: "region", fallback: "none" }),
  sv: new Intl.DisplayNames(["sv"], { type: "region", fallback: "none" }),
};

function namesIn(locale: Locale): CountryOption[] {
  return iso31661
    .map((c) => ({ alpha3: c.alpha3, name: regionNames[locale].of(c.alpha2) ?? countries.getName(c.alpha3, locale) ?? c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
}

const OPTIONS: Record<Locale, CountryOption[]> = { en: namesIn("en"), sv: namesIn("sv") };

/** Every assigned ISO 3166-1 country, by English name; the server decides which codes it accepts. */
export const COUNTRY_OPTIONS: CountryOption[] = OPTIONS.en;

const BY_CODE: Record<Locale, Map<string, string>> = {
  en: new Map(OPTIONS.en.map((c) => [c.alpha3, c.name])),
  sv: new Map(OPTIONS.sv.map((c) => [c.alpha3, c.name])),
};

/** "Sweden (SWE)" in English, "Sverige (SWE)" in Swedish, or the code alone when it is not a known country. */
export function countryLabel(alpha3: string, locale: Locale): string {
  const name = BY_CODE[locale].get(alpha3.toUpperCase());
  return name ? `${name} (${alpha3})` : alpha3;
}

/** Case and accents folded, so that "aland" finds "Åland" and "sverige" finds "Sverige". */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}

/** Each code's names in both languages, folded: the everyday names and i18n-iso-countries' (with aliases such as "UK"). */
const SEARCH_NAMES = new Map<string, string[]>(
  iso31661.map((c) => {
    const names = [OPTIONS.en, OPTIONS.sv].map((list) => list.find((o) => o.alpha3 === c.alpha3)?.name ?? "");
    for (const locale of ["en", "sv"] as const) names.push(...(countries.getNames(locale, { select: "all" })[c.alpha2] ?? []));
    return [c.alpha3, [...new Set(names.filter(Boolean).map(fold))]];
  }),
);

/** How well `code`'s names fit the folded `query`: 0 the code or a whole name, 1 a name's start, 2 a word's start, 3 inside; null none. */
function rank(code: string, query: string): number | null {
  if (code.toLowerCase() === query) return 0;
  let best: number | null = null;
  for (const name of SEARCH_NAMES.get(code) ?? []) {
    const r = name === query ? 0 : name.startsWith(query) ? 1 : name.split(/[\s,()-]+/).some((w) => w.startsWith(query)) ? 2 : name.includes(query) ? 3 : null;
    if (r !== null && (best === null || r < best)) best = r;
  }
  return best;
}

/**
 * The country a person typed: an alpha-3 code ("swe") or a whole name in English or Swedish ("Sweden",
 * "Sverige"), any case or accents; undefined when the text names no country.
 */
export function matchCountry(text: string): string | undefined {
  const query = fold(text);
  if (!query) return undefined;
  return iso31661.find((c) => rank(c.alpha3, query) === 0)?.alpha3;
}

/** The countries whose code or name (English or Swedish) fits `text`, best first, named in `locale`. */
export function searchCountries(text: string, locale: Locale, limit = 8): CountryOption[] {
  const query = fold(text);
  const list = OPTIONS[locale];
  if (!query) return list.slice(0, limit);
  return list
    .flatMap((option, order) => {
      const r = rank(option.alpha3, query);
      return r === null ? [] : [{ option, order, r }];
    })
    .sort((a, b) => a.r - b.r || a.order - b.order)
    .slice(0, limit)
    .map((x) => x.option);
}

/** The name of `alpha3` in `locale`, or undefined for an unknown code. */
export function countryName(alpha3: string, locale: Locale): string | undefined {
  return OPTIONS[locale].find((o) => o.alpha3 === alpha3.toUpperCase())?.name;
}
