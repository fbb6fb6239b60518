import { describe, expect, it } from "vitest";
import { resolveIntegration } from "./integration-choice";

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
