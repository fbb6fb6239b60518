import { describe, expect, it } from "vitest";
import { EMPLOYEE_STATUS_RULES, PAYOUT_STATUS_RULES, statusOf, statusQuery } from "./status-rules";

const at = new Date("2026-01-01T00:00:00Z");

describe("statusOf", () => {
  it("is the last status whose timestamp is set", () => {
    expect(statusOf(EMPLOYEE_STATUS_RULES, { notified_at: null, claimed_at: null, verified_at: null })).toBe("created");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { notified_at: at, claimed_at: null, verified_at: null })).toBe("invited");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { notified_at: at, claimed_at: at, verified_at: null })).toBe("onboarding");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { notified_at: at, claimed_at: at, verified_at: at })).toBe("active");
    expect(statusOf(PAYOUT_STATUS_RULES, { notified_at: at, accepted_at: null })).toBe("notification_sent");
    expect(statusOf(PAYOUT_STATUS_RULES, { notified_at: at, accepted_at: at })).toBe("complete");
  });
});

describe("statusQuery", () => {
  it("selects a status with the {field}_null list filters", () => {
    expect(statusQuery(EMPLOYEE_STATUS_RULES, "created")).toEqual({ notified_at_null: "true" });
    expect(statusQuery(EMPLOYEE_STATUS_RULES, "invited")).toEqual({ notified_at_null: "false", claimed_at_null: "true" });
    expect(statusQuery(EMPLOYEE_STATUS_RULES, "active")).toEqual({ verified_at_null: "false" });
    expect(statusQuery(PAYOUT_STATUS_RULES, "notification_sent")).toEqual({ notified_at_null: "false", accepted_at_null: "true" });
    expect(statusQuery(PAYOUT_STATUS_RULES, "complete")).toEqual({ accepted_at_null: "false" });
  });
});
