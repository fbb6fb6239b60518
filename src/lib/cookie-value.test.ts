import { describe, expect, it } from "vitest";
import { cookieValue } from "./cookie-value";

describe("cookieValue", () => {
  it("finds a cookie among others and decodes it", () => {
    expect(cookieValue("payroute_env=live; payroute_integration=acme%20web; other=1", "payroute_integration")).toBe("acme web");
    expect(cookieValue("payroute_integration=a=b", "payroute_integration")).toBe("a=b");
  });

  it("is undefined when absent or malformed", () => {
    expect(cookieValue("", "payroute_integration")).toBeUndefined();
    expect(cookieValue("payroute_integration_x=1", "payroute_integration")).toBeUndefined();
    expect(cookieValue("payroute_integration=%E0%A4%A", "payroute_integration")).toBeUndefined();
  });
});
