import { describe, expect, it } from "vitest";
import { homeFor, NAV_ITEMS, SECURITY_PATH } from "./nav";

describe("the dashboard's sections", () => {
  it("each role starts on the home, never on the security page everyone shares", () => {
    expect(homeFor("client")).toBe("/");
    expect(homeFor("operator")).toBe("/");
    expect(NAV_ITEMS.filter((item) => item.href === SECURITY_PATH).map((item) => item.roles)).toEqual([["client", "operator"]]);
  });
});
