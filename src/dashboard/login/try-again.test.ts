import { describe, expect, it } from "vitest";
import { tryAgainAfter } from "./try-again";

describe("tryAgainAfter", () => {
  const now = new Date(2026, 10, 23, 14, 0, 0);
  it("says how long, in minutes or seconds, and at what time", () => {
    expect(tryAgainAfter("900", now)).toEqual({ unit: "minute", count: 15, at: new Date(2026, 10, 23, 14, 15, 0) });
    expect(tryAgainAfter("61", now)).toMatchObject({ unit: "minute", count: 2 });
    expect(tryAgainAfter("42", now)).toMatchObject({ unit: "second", count: 42 });
    expect(tryAgainAfter("1", now)).toMatchObject({ unit: "second", count: 1 });
  });
  it("gives no time without a usable Retry-After", () => {
    expect(tryAgainAfter(null, now)).toBeNull();
    expect(tryAgainAfter("Wed, 21 Oct 2015 07:28:00 GMT", now)).toBeNull();
  });
});
