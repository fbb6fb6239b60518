import { describe, expect, it } from "vitest";
import { mayDeletePayrun, PAYRUN_STATUSES, payrunListInput, payrunPath } from "./payrun-types";

describe("payrunListInput", () => {
  it("expresses each status with the open and paid_at filters", () => {
    expect(payrunListInput(1, 25, "")).toEqual({ page: 1, page_size: 25 });
    expect(payrunListInput(1, 25, "open")).toMatchObject({ open: "true" });
    expect(payrunListInput(1, 25, "invoiced")).toMatchObject({ open: "false", paid_at_null: "true" });
    expect(payrunListInput(2, 10, "paid")).toEqual({ page: 2, page_size: 10, paid_at_null: "false" });
  });
});

describe("helpers", () => {
  it("offer delete only for an empty unpaid Payrun", () => {
    expect(mayDeletePayrun({ payout_count: 0, paid_at: null })).toBe(true);
    expect(mayDeletePayrun({ payout_count: 1, paid_at: null })).toBe(false);
    expect(mayDeletePayrun({ payout_count: 0, paid_at: "2024-06-01T10:00:00Z" })).toBe(false);
  });

  it("offer every status as a filter and encode paths", () => {
    expect(PAYRUN_STATUSES).toEqual(["open", "invoiced", "paid"]);
    expect(payrunPath("a/b")).toBe("/payruns/a%2Fb");
  });
});
