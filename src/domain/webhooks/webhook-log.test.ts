import { describe, expect, it } from "vitest";
import { deliveryObject } from "./webhook-log";

describe("deliveryObject", () => {
  it("names the object a delivery concerns by its id and, where it has one, its name", () => {
    expect(deliveryObject(JSON.stringify({ id: "emp-1", name: "Anna Berg", email: "a@example.se" }))).toEqual({ id: "emp-1", name: "Anna Berg" });
    expect(deliveryObject(JSON.stringify({ id: "reg-1", friendly_name: "Nordvik" }))).toEqual({ id: "reg-1", name: "Nordvik" });
    expect(deliveryObject(JSON.stringify({ id: "p-1", description: "March shifts", amount: "10.00" }))).toEqual({ id: "p-1", name: "March shifts" });
    expect(deliveryObject(JSON.stringify({ id: "run-1" }))).toEqual({ id: "run-1", name: null });
  });

  it("is null for a body without an id, or one that is not JSON", () => {
    expect(deliveryObject("{}")).toBeNull();
    expect(deliveryObject("not json")).toBeNull();
    expect(deliveryObject("[1]")).toBeNull();
  });
});
