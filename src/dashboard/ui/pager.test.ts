import { describe, expect, it } from "vitest";
import { pageAfterDelete } from "./pager";

describe("pageAfterDelete", () => {
  it("goes back a page when the last row of a later page is deleted", () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
  });

  it("stays otherwise", () => {
    expect(pageAfterDelete(1, 1)).toBe(1);
    expect(pageAfterDelete(3, 2)).toBe(3);
  });
});
