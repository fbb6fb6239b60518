import { describe, expect, it } from "vitest";
import { tokenFromHash } from "./claim-token";

describe("tokenFromHash", () => {
  it("reads the token from the fragment", () => {
    expect(tokenFromHash("#token=AbC-_123")).toBe("AbC-_123");
    expect(tokenFromHash("token=xyz&utm=mail")).toBe("xyz");
  });

  it.each(["", "#", "#token=", "#other=1"])("is null without one (%j)", (hash) => {
    expect(tokenFromHash(hash)).toBeNull();
  });
});
