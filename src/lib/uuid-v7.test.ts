import { describe, expect, it } from "vitest";
import { validate, version } from "uuid";
import { uuidv7 } from "./uuid-v7";

describe("uuidv7", () => {
  it("makes valid version 7 ids that increase and never repeat, across refills of the random pool", () => {
    const ids = Array.from({ length: 5_000 }, () => uuidv7());
    for (const id of ids) {
      expect(validate(id)).toBe(true);
      expect(version(id)).toBe(7);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it("carries the time it was made in its first 48 bits", () => {
    const before = Date.now();
    const id = uuidv7();
    const msecs = parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(msecs).toBeGreaterThanOrEqual(before);
    expect(msecs).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("does not hand the same random bytes to two ids", () => {
    const tails = new Set(Array.from({ length: 600 }, () => uuidv7().slice(-12)));
    expect(tails.size).toBe(600);
  });
});
