import { describe, expect, it } from "vitest";
import { deliveryLabel, groupEvents, hasPendingDelivery, prettyPayload, webhookPath, webhookScope, type EventInfo } from "./webhook-types";

const catalogue: Pick<EventInfo, "name" | "scope" | "object">[] = [
  { name: "Employee.created", scope: "integration", object: "Employee" },
  { name: "Employee.notified", scope: "integration", object: "Employee" },
  { name: "Payrun.paid", scope: "integration", object: "Payrun" },
  { name: "Registration.verified", scope: "user", object: "Registration" },
];

describe("webhookScope", () => {
  it("is the Integration's when any event belongs to an Integration, else the account's", () => {
    expect(webhookScope({ events: ["Registration.verified", "Employee.created"] }, catalogue)).toBe("Integration");
    expect(webhookScope({ events: ["Registration.verified"] }, catalogue)).toBe("Account");
  });
});

describe("groupEvents", () => {
  it("groups by object in catalogue order", () => {
    expect(groupEvents(catalogue).map((g) => [g.object, g.events.map((e) => e.name)])).toEqual([
      ["Employee", ["Employee.created", "Employee.notified"]],
      ["Payrun", ["Payrun.paid"]],
      ["Registration", ["Registration.verified"]],
    ]);
  });
});

describe("deliveries", () => {
  it("label a pending delivery that was tried as retrying", () => {
    expect(deliveryLabel({ status: "pending", attempts: 0 })).toBe("Pending");
    expect(deliveryLabel({ status: "pending", attempts: 2 })).toBe("Retrying");
    expect(deliveryLabel({ status: "succeeded", attempts: 1 })).toBe("Succeeded");
    expect(deliveryLabel({ status: "failed", attempts: 11 })).toBe("Failed");
  });

  it("are polled while any is pending", () => {
    expect(hasPendingDelivery([{ status: "succeeded" }, { status: "pending" }])).toBe(true);
    expect(hasPendingDelivery([{ status: "failed" }])).toBe(false);
    expect(hasPendingDelivery(undefined)).toBe(false);
  });

  it("show JSON bodies indented and anything else as sent", () => {
    expect(prettyPayload('{"id": "e1", "n": [1]}')).toBe('{\n  "id": "e1",\n  "n": [\n    1\n  ]\n}');
    expect(prettyPayload("not json")).toBe("not json");
  });
});

it("webhookPath encodes the id", () => {
  expect(webhookPath("a/b")).toBe("/webhooks/a%2Fb");
});
