import { describe, expect, it } from "vitest";
import { mayDelete, mayResend, NO_PAYOUT_FILTERS, PAYOUT_STATUS_VALUES, payoutEmployee, payoutListInput } from "./payout-types";

describe("payoutListInput", () => {
  it("always expands the Employee and leaves empty filters out", () => {
    expect(payoutListInput(1, 25, { ...NO_PAYOUT_FILTERS, search: "  " })).toEqual({ page: 1, page_size: 25, expand: ["employee", "payrun"] });
  });

  it("passes each status as the latest_status filter", () => {
    for (const status of PAYOUT_STATUS_VALUES) expect(payoutListInput(1, 25, { ...NO_PAYOUT_FILTERS, status })).toMatchObject({ latest_status: status });
  });

  it("passes the search, Employee and Payrun", () => {
    expect(payoutListInput(2, 10, { search: " shift ", status: "", employee: "e-1", payrun: "r-1" })).toEqual({
      page: 2,
      page_size: 10,
      expand: ["employee", "payrun"],
      search: "shift",
      employee: "e-1",
      payrun: "r-1",
    });
  });
});

describe("helpers", () => {
  it("offer every status as a filter", () => {
    expect(PAYOUT_STATUS_VALUES).toEqual(["created", "not_funded", "onboarding_incomplete", "notification_sent", "available", "complete"]);
  });

  it("name the Employee whether expanded or not", () => {
    expect(payoutEmployee({ employee: "e-1" })).toEqual({ id: "e-1", name: "e-1" });
  });

  it("offer delete before notification and resend while unaccepted", () => {
    expect(mayDelete({ notified_at: null })).toBe(true);
    expect(mayDelete({ notified_at: "2024-06-01T10:00:00Z" })).toBe(false);
    expect(mayResend({ latest_status: "notification_sent" })).toBe(true);
    expect(mayResend({ latest_status: "complete" })).toBe(false);
  });
});
