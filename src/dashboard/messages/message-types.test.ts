import { describe, expect, it } from "vitest";
import { addRecipients, messageExcerpt } from "./message-types";

describe("messageExcerpt", () => {
  it("keeps a short text, on one line", () => {
    expect(messageExcerpt("Shift moved\n  to 9:00 ")).toBe("Shift moved to 9:00");
  });

  it("cuts a long text to 40 characters with an ellipsis", () => {
    const excerpt = messageExcerpt("The warehouse opens an hour later on Friday because of the inventory count.");
    expect(excerpt).toBe("The warehouse opens an hour later on Fr…");
    expect(excerpt).toHaveLength(40);
  });
});

describe("addRecipients", () => {
  it("adds each Employee once and keeps the earlier choices first", () => {
    const ann = { id: "a", name: "Ann" };
    const bo = { id: "b", name: "Bo" };
    const cy = { id: "c", name: "Cy" };
    expect(addRecipients([bo], [ann, bo, cy, ann])).toEqual([bo, ann, cy]);
    expect(addRecipients([], [])).toEqual([]);
  });
});
