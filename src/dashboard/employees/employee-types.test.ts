import { describe, expect, it } from "vitest";
import { awaitingInvitation, employeeListInput, employeePath, isStatusFilter, type Employee } from "./employee-types";

describe("employeeListInput", () => {
  it("leaves empty filters out", () => {
    expect(employeeListInput(1, 25, { search: "  ", status: "", createdFrom: "" })).toEqual({ page: 1, page_size: 25 });
  });

  it("turns each status into timestamp filters", () => {
    const base = { search: "", createdFrom: "" };
    expect(employeeListInput(1, 25, { ...base, status: "created" })).toMatchObject({ notified_at_null: "true" });
    expect(employeeListInput(1, 25, { ...base, status: "invited" })).toMatchObject({ notified_at_null: "false", claimed_at_null: "true" });
    expect(employeeListInput(1, 25, { ...base, status: "onboarding" })).toMatchObject({ claimed_at_null: "false", verified_at_null: "true" });
    expect(employeeListInput(1, 25, { ...base, status: "active" })).toEqual({ page: 1, page_size: 25, verified_at_null: "false" });
  });

  it("trims the search and starts the created-from day at midnight UTC", () => {
    expect(employeeListInput(2, 10, { search: " ann ", status: "", createdFrom: "2024-05-01" })).toEqual({
      page: 2,
      page_size: 10,
      search: "ann",
      created_at_after: "2024-05-01T00:00:00Z",
    });
  });
});

describe("helpers", () => {
  it("recognises status filters and builds encoded paths", () => {
    expect(isStatusFilter("active")).toBe(true);
    expect(isStatusFilter("toString")).toBe(false);
    expect(employeePath("a b/c")).toBe("/employees/a%20b%2Fc");
  });
});

describe("awaitingInvitation", () => {
  const created = "2024-05-01T10:00:00.000Z";
  const employee = (latest_status: Employee["latest_status"]): Employee => ({
    id: "e1",
    name: "Ann",
    email: "ann@example.test",
    cellphone_number: null,
    country: "SWE",
    metadata: {},
    created_at: created,
    notified_at: null,
    claimed_at: null,
    verified_at: null,
    invitation_code: "ABCDEFGH",
    latest_status,
  });
  const now = new Date(created).getTime();

  it("is true for a new Employee whose invitation is not out yet", () => {
    expect(awaitingInvitation(employee("created"), now + 5_000)).toBe(true);
  });

  it("is false once invited, and for an old Employee the worker has not reached", () => {
    expect(awaitingInvitation(employee("invited"), now + 5_000)).toBe(false);
    expect(awaitingInvitation(employee("created"), now + 120_000)).toBe(false);
  });
});
