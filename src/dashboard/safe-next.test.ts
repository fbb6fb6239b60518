import { describe, expect, it } from "vitest";
import { HOME_PATH, loginPathFor, safeNextPath, signInReason } from "./safe-next";

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

describe("loginPathFor", () => {
  it("sends a dashboard page to sign-in with the page and its query as next", () => {
    expect(loginPathFor("/payouts", "?status=paid&page=2")).toBe("/login?next=%2Fpayouts%3Fstatus%3Dpaid%26page%3D2");
    expect(safeNextPath(decodeURIComponent(loginPathFor("/employees/a%20b", "")!.slice("/login?next=".length)))).toBe("/employees/a%20b");
  });

  it.each(["/login", "/e", "/e/claim"])("leaves %s alone", (path) => {
    expect(loginPathFor(path, "")).toBeNull();
  });

  it("says why after the page, for the sign-in page to show", () => {
    expect(loginPathFor("/employees", "?q=a", "sessionEndedKept")).toBe("/login?next=%2Femployees%3Fq%3Da&reason=sessionEndedKept");
  });

  it("does not mistake a dashboard page starting with e for the employee app", () => {
    expect(loginPathFor("/employees", "")).toBe("/login?next=%2Femployees");
  });
});

describe("signInReason", () => {
  it("knows its own reasons and nothing else", () => {
    expect(signInReason("sessionEnded")).toBe("sessionEnded");
    expect(signInReason("<script>")).toBeNull();
    expect(signInReason(null)).toBeNull();
  });
});
