import { describe, expect, it } from "vitest";
import {
  EMPLOYEE_STATUSES,
  EMPLOYEE_STATUS_RULES,
  PAYOUT_STATUSES,
  PAYOUT_STATUS_RULES,
  PAYRUN_STATUS_RULES,
  statusCondition,
  statusFilter,
  statusOf,
} from "./status-rules";

const employee = { verified: false, claimed: false, notified: false, has_email: true };
const payout = { accepted: false, notified: false, employee_verified: false, employee_claimed: false, funded: false, payrun_open: true };

describe("statusOf", () => {
  it("gives an Employee each of its five statuses", () => {
    expect(statusOf(EMPLOYEE_STATUS_RULES, employee)).toBe("created");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { ...employee, has_email: false })).toBe("not_invited");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { ...employee, notified: true })).toBe("invited");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { ...employee, notified: true, claimed: true })).toBe("onboarding");
    expect(statusOf(EMPLOYEE_STATUS_RULES, { ...employee, notified: true, claimed: true, verified: true })).toBe("active");
    expect(EMPLOYEE_STATUSES).toEqual(["created", "not_invited", "invited", "onboarding", "active"]);
  });

  it("gives a Payout each of its six statuses", () => {
    expect(statusOf(PAYOUT_STATUS_RULES, payout)).toBe("created");
    expect(statusOf(PAYOUT_STATUS_RULES, { ...payout, payrun_open: false })).toBe("not_funded");
    const paid = { ...payout, payrun_open: false, funded: true, notified: true };
    expect(statusOf(PAYOUT_STATUS_RULES, paid)).toBe("onboarding_incomplete");
    expect(statusOf(PAYOUT_STATUS_RULES, { ...paid, employee_claimed: true })).toBe("notification_sent");
    expect(statusOf(PAYOUT_STATUS_RULES, { ...paid, employee_claimed: true, employee_verified: true })).toBe("available");
    expect(statusOf(PAYOUT_STATUS_RULES, { ...paid, employee_claimed: true, employee_verified: true, accepted: true })).toBe("complete");
    expect(PAYOUT_STATUSES).toEqual(["created", "not_funded", "onboarding_incomplete", "notification_sent", "available", "complete"]);
  });

  it("gives a Payrun open, invoiced and paid", () => {
    expect(statusOf(PAYRUN_STATUS_RULES, { open: true, paid: false })).toBe("open");
    expect(statusOf(PAYRUN_STATUS_RULES, { open: false, paid: false })).toBe("invoiced");
    expect(statusOf(PAYRUN_STATUS_RULES, { open: false, paid: true })).toBe("paid");
  });
});

describe("statusCondition and statusFilter", () => {
  it("select a status: its own facts, and no earlier rule's", () => {
    const text = statusCondition(PAYOUT_STATUS_RULES, "notification_sent", {
      fact: (name, value) => `${name}=${value}`,
      and: (ws) => `(${ws.join(" & ")})`,
      not: (w) => `!${w}`,
    });
    expect(text).toBe("((notified=true & employee_claimed=true) & !(accepted=true) & !(notified=true & employee_verified=true))");
    expect(statusFilter(EMPLOYEE_STATUS_RULES, "active")).toEqual({ verified_at_null: "false" });
    expect(statusFilter(PAYOUT_STATUS_RULES, "available")).toBeUndefined();
  });
});
