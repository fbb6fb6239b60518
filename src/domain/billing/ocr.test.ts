import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isValidOcr, luhnCheckDigit, ocrReference } from "./ocr";

describe("Luhn", () => {
  it("known check digits", () => {
    expect(luhnCheckDigit("7992739871")).toBe(3); // the textbook example
    expect(luhnCheckDigit("12345674")).toBe(1);
    expect(luhnCheckDigit("0")).toBe(0);
  });
});

describe("OCR references", () => {
  it("number, length digit, check digit", () => {
    expect(ocrReference("1234567")).toBe("123456790");
    expect(ocrReference(100001n)).toBe("10000180");
    expect(ocrReference("12345678")).toBe("1234567806");
    expect(isValidOcr("123456790")).toBe(true);
  });

  it("every generated reference is valid, and one changed digit makes it invalid", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.nat(), fc.integer({ min: 1, max: 9 }), (n, pos, delta) => {
        const ref = ocrReference(n);
        expect(ref.length).toBe(String(n).length + 2);
        expect(isValidOcr(ref)).toBe(true);
        const i = pos % ref.length;
        const changed = ref.slice(0, i) + String((Number(ref[i]) + delta) % 10) + ref.slice(i + 1);
        expect(isValidOcr(changed)).toBe(false);
      }),
    );
  });

  it("refuses what is not an invoice number", () => {
    expect(() => ocrReference("12a")).toThrow();
    expect(() => ocrReference("1".repeat(24))).toThrow();
    expect(isValidOcr("12")).toBe(false);
    expect(isValidOcr("1234567x7")).toBe(false);
  });
});
