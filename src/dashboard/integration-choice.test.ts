import { describe, expect, it } from "vitest";
import { cookieValue, resolveIntegration } from "./integration-choice";

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

describe("resolveIntegration", () => {
  const web = { id: "web", type: 1 };
  const api = { id: "api", type: 3 };

  it("keeps the chosen Integration when it is listed", () => {
    expect(resolveIntegration([web, api], "api")).toBe(api);
  });

  it("falls back to the web-app Integration for a missing or unknown choice", () => {
    expect(resolveIntegration([api, web], undefined)).toBe(web);
    expect(resolveIntegration([api, web], "from-the-other-environment")).toBe(web);
  });

  it("falls back to the first without a web-app Integration, and to nothing for an empty list", () => {
    expect(resolveIntegration([api], "gone")).toBe(api);
    expect(resolveIntegration([], "gone")).toBeUndefined();
  });
});
