import { describe, expect, it } from "vitest";
import { labelNumbers, type LabelledPayrun } from "./payrun-label";

const payrun = (pk: string, over: Partial<LabelledPayrun>): LabelledPayrun => ({
  pk,
  integrationPk: "i1",
  name: null,
  currency: "SEK",
  createdAt: new Date("2026-11-27T09:00:00Z"),
  ...over,
});

describe("labelNumbers", () => {
  it("numbers unnamed Payruns of one currency created the same UTC day, oldest first", () => {
    const numbers = labelNumbers([
      payrun("b", { createdAt: new Date("2026-11-27T15:00:00Z") }),
      payrun("a", { createdAt: new Date("2026-11-27T08:00:00Z") }),
      payrun("c", { createdAt: new Date("2026-11-28T08:00:00Z") }),
      payrun("d", { currency: "EUR" }),
    ]);
    expect(Object.fromEntries(numbers)).toEqual({ a: 1, b: 2, c: null, d: null });
  });

  it("numbers Payruns sharing a name whatever its case, and only within one Integration", () => {
    const numbers = labelNumbers([
      payrun("a", { name: "Oktober", createdAt: new Date("2026-10-01T08:00:00Z") }),
      payrun("b", { name: "oktober ", createdAt: new Date("2026-10-02T08:00:00Z") }),
      payrun("c", { name: "Oktober", integrationPk: "i2" }),
      payrun("d", { name: "November" }),
    ]);
    expect(Object.fromEntries(numbers)).toEqual({ a: 1, b: 2, c: null, d: null });
  });

  it("never mixes a named Payrun with an unnamed one", () => {
    const numbers = labelNumbers([payrun("a", { name: "SEK" }), payrun("b", {})]);
    expect(Object.fromEntries(numbers)).toEqual({ a: null, b: null });
  });
});
