import { describe, expect, it } from "vitest";
import { COUNTRY_OPTIONS, countryLabel } from "./countries";

describe("countries", () => {
  it("lists every assigned country once, by alpha-3 code", () => {
    expect(COUNTRY_OPTIONS.length).toBeGreaterThan(240);
    expect(new Set(COUNTRY_OPTIONS.map((c) => c.alpha3)).size).toBe(COUNTRY_OPTIONS.length);
    expect(COUNTRY_OPTIONS.every((c) => /^[A-Z]{3}$/.test(c.alpha3))).toBe(true);
  });

  it("labels a code with its name", () => {
    expect(countryLabel("SWE")).toBe("Sweden (SWE)");
    expect(countryLabel("XXX")).toBe("XXX");
  });
});
