import { describe, expect, it } from "vitest";
import { qualityValues } from "./quality-values";

describe("qualityValues", () => {
  it("reads values and q, 1 when absent, lowercased", () => {
    expect(qualityValues("Text/HTML, application/json;q=0.9 , */*; q=0")).toEqual([
      { value: "text/html", q: 1 },
      { value: "application/json", q: 0.9 },
      { value: "*/*", q: 0 },
    ]);
  });

  it("gives NaN for a q that is not a number, which the callers ignore", () => {
    expect(qualityValues("sv;q=x")[0].q).toBeNaN();
  });
});
