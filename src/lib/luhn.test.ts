import { describe, expect, it } from "vitest";
import { luhnCheckDigit } from "./luhn";

describe("luhnCheckDigit", () => {
  it("gives the modulus-10 check digit", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3);
    expect(luhnCheckDigit("0")).toBe(0);
    expect(luhnCheckDigit("1")).toBe(8);
  });
});
