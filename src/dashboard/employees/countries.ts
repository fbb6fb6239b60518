import { iso31661 } from "iso-3166";

export interface CountryOption {
  alpha3: string;
  name: string;
}

// Short everyday names ("United Kingdom") where the runtime has them; the ISO names are long and formal.
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** Every assigned ISO 3166-1 country, by name; the server decides which codes it accepts. */
export const COUNTRY_OPTIONS: CountryOption[] = iso31661
  .map((c) => ({ alpha3: c.alpha3, name: regionNames.of(c.alpha2) ?? c.name }))
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

const BY_CODE = new Map(COUNTRY_OPTIONS.map((c) => [c.alpha3, c.name]));

/** "Sweden (SWE)", or the code alone when it is not a known country. */
export function countryLabel(alpha3: string): string {
  const name = BY_CODE.get(alpha3.toUpperCase());
  return name ? `${name} (${alpha3})` : alpha3;
}
