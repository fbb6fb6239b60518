import { describe, expect, it } from "vitest";
import { formatCents, formatMoney, parseCents, parseMoneyInput, sumMoney } from "./money";

describe("parseCents", () => {
  it("reads decimal strings with up to two places", () => {
    expect(parseCents("1234.50")).toBe(123450n);
    expect(parseCents("1234.5")).toBe(123450n);
    expect(parseCents("7")).toBe(700n);
    expect(parseCents("0.01")).toBe(1n);
    expect(parseCents(" -3.10 ")).toBe(-310n);
  });

  it("stays exact beyond the range of floats", () => {
    expect(parseCents("99999999999999999.99")).toBe(9999999999999999999n);
  });

  it("refuses what is not a money value", () => {
    for (const bad of ["", "1.234", "1e3", "abc", "1,000.00", ".5"]) expect(() => parseCents(bad)).toThrow();
  });
});

describe("formatting", () => {
  it("groups thousands and always shows two places", () => {
    expect(formatCents(0n)).toBe("0.00");
    expect(formatCents(5n)).toBe("0.05");
    expect(formatCents(123456789n)).toBe("1,234,567.89");
    expect(formatCents(-100000n)).toBe("-1,000.00");
    expect(formatMoney("1000")).toBe("1,000.00");
    // Display never throws: what is not a money value is shown as it came.
    expect(formatMoney("1,000.00")).toBe("1,000.00");
  });
});

describe("sums", () => {
  it("add what floats would get wrong", () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floats.
    expect(sumMoney(["0.10", "0.20"])).toBe("0.30");
    expect(sumMoney([])).toBe("0.00");
  });
});

describe("money in the page's language", () => {
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

  it("shows Swedish amounts as Sweden writes them, exactly", () => {
    expect(nbsp(formatMoney("1500.5", "sv", "SEK"))).toBe("1 500,50 kr");
    expect(nbsp(formatMoney("1500.5", "sv"))).toBe("1 500,50");
    expect(nbsp(formatMoney("-0.50", "sv", "SEK"))).toBe("−0,50 kr");
    expect(nbsp(formatMoney("99999999999999999.99", "sv", "SEK"))).toBe("99 999 999 999 999 999,99 kr");
    expect(nbsp(sumMoney(["1000.25", "500.25"], "sv", "SEK"))).toBe("1 500,50 kr");
  });

  it("shows English amounts with the currency code", () => {
    expect(nbsp(formatMoney("1500.5", "en", "SEK"))).toBe("SEK 1,500.50");
    expect(formatMoney("1500.5", "en")).toBe("1,500.50");
    expect(formatMoney("12.30", "en", "XXQ1")).toBe("12.30");
  });

  it("reads what a Swedish person types", () => {
    expect(parseMoneyInput("1500,50", "sv")).toBe("1500.50");
    expect(parseMoneyInput("1 500,50", "sv")).toBe("1500.50");
    expect(parseMoneyInput("1\u00a0500,5", "sv")).toBe("1500.5");
    expect(parseMoneyInput("1500.50", "sv")).toBe("1500.50");
    expect(parseMoneyInput("0042", "sv")).toBe("42");
    for (const bad of ["", "1,5,0", "1500,505", "12kr", "1.500,50", "abc"]) expect(parseMoneyInput(bad, "sv")).toBeNull();
  });

  it("reads what an English person types", () => {
    expect(parseMoneyInput("1500.50", "en")).toBe("1500.50");
    expect(parseMoneyInput("1,500.50", "en")).toBe("1500.50");
    expect(parseMoneyInput("1,500", "en")).toBe("1500");
    for (const bad of ["1500,50", "1,50", "1.505"]) expect(parseMoneyInput(bad, "en")).toBeNull();
  });
});
