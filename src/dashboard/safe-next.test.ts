import { describe, expect, it } from "vitest";
import { HOME_PATH, safeNextPath } from "./safe-next";

describe("safeNextPath", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeNextPath("/v2/integrations/abc/")).toBe("/v2/integrations/abc/");
    expect(safeNextPath("/integrations?page=2")).toBe("/integrations?page=2");
  });

  it.each([null, undefined, "", "integrations", "//evil.example", "/\\evil.example", "/\t/evil.example", "https://evil.example/", "javascript:alert(1)"])(
    "falls back to the home page for %j",
    (raw) => {
      expect(safeNextPath(raw)).toBe(HOME_PATH);
    },
  );
});
