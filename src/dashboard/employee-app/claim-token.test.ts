import { describe, expect, it } from "vitest";
import { tokenFromHash } from "./claim-token";

describe("tokenFromHash", () => {
  it("reads the token from the fragment", () => {
    expect(tokenFromHash("#token=AbC-_123")).toBe("AbC-_123");
    expect(tokenFromHash("token=xyz&utm=mail")).toBe("xyz");
  });

  it("is null without one", () => {
    expect(tokenFromHash("")).toBeNull();
    expect(tokenFromHash("#")).toBeNull();
    expect(tokenFromHash("#token=")).toBeNull();
    expect(tokenFromHash("#other=1")).toBeNull();
  });
});
