import { describe, expect, it } from "vitest";
import { COUNTRY_OPTIONS, countryLabel, countryName, matchCountry, searchCountries } from "./countries";

describe("countries", () => {
  it("lists every assigned country once, by alpha-3 code", () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThan(240);
    expect(new Set(COUNTRY_OPTIONS.map((c) => c.alpha3)).size).toBe(COUNTRY_OPTIONS.length);
    expect(COUNTRY_OPTIONS.every((c) => /^[A-Z]{3}$/.test(c.alpha3))).toBe(true);
  });

  it("labels a code with its name in the reader's language", () => {
    expect(countryLabel("SWE", "en")).toBe("Sweden (SWE)");
    expect(countryLabel("SWE", "sv")).toBe("Sverige (SWE)");
    expect(countryLabel("DEU", "sv")).toBe("Tyskland (DEU)");
    expect(countryLabel("XXX", "sv")).toBe("XXX");
  });

  it("reads a country's English or Swedish name, or its code, as its alpha-3 code (issue 12, point 9)", () => {
    for (const typed of ["Sweden", "Sverige", "swe", "SWE", " sweden ", "SVERIGE"]) expect(matchCountry(typed), typed).toBe("SWE");
    expect(matchCountry("Danmark")).toBe("DNK");
    expect(matchCountry("Tyskland")).toBe("DEU");
    expect(matchCountry("United Kingdom")).toBe("GBR");
    expect(matchCountry("Storbritannien")).toBe("GBR");
    expect(matchCountry("UK")).toBe("GBR");
    // Accents folded: "Åland" typed without the ring.
    expect(matchCountry("Aland Islands")).toBe("ALA");
    expect(matchCountry("Österrike")).toBe("AUT");
  });

  it("does not read half a name or an unknown code as a country", () => {
    expect(matchCountry("Swe den")).toBeUndefined();
    expect(matchCountry("Sver")).toBeUndefined();
    expect(matchCountry("ZZZ")).toBeUndefined();
    expect(matchCountry("")).toBeUndefined();
  });

  it("lists the matches for a start of a name in either language, best first, named in the page's language", () => {
    expect(searchCountries("sver", "en")[0]).toEqual({ alpha3: "SWE", name: "Sweden" });
    expect(searchCountries("swe", "sv")[0]).toEqual({ alpha3: "SWE", name: "Sverige" });
    expect(searchCountries("norw", "sv").map((c) => c.alpha3)).toContain("NOR");
    expect(searchCountries("qqqq", "en")).toEqual([]);
    expect(countryName("dnk", "sv")).toBe("Danmark");
  });
});
