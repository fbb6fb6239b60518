import { describe, expect, it } from "vitest";
import { withScope } from "./url-state";

describe("withScope", () => {
  it("adds the environment and the Integration, encoded, to a detail page's path", () => {
    expect(withScope("/employees/a%20b", { env: "live", integration: "acme web&co" })).toBe("/employees/a%20b?env=live&integration=acme+web%26co");
  });

  it("names the environment alone when no Integration is chosen (the account's own objects)", () => {
    expect(withScope("/registrations/r1", { env: "demo", integration: null })).toBe("/registrations/r1?env=demo");
  });
});
