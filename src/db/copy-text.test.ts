import { describe, expect, it } from "vitest";
import { copyText } from "./copy-text";

describe("copyText", () => {
  it("writes a row per line, tab-separated, null as \\N", () => {
    expect(
      copyText([
        ["a", 1.5, null, new Date("2026-11-29T00:00:00.000Z")],
        ["b", 2, "c", null],
      ]),
    ).toBe("a\t1.5\t\\N\t2026-11-29T00:00:00.000Z\nb\t2\tc\t\\N\n");
  });

  it("escapes what would end a value or a row, and a backslash", () => {
    expect(copyText([["tab\there", "line\nbreak", "cr\rx", "back\\slash", "\\N"]])).toBe("tab\\there\tline\\nbreak\tcr\\rx\tback\\\\slash\t\\\\N\n");
  });

  it("replaces a NUL, which no text value can hold, by U+FFFD", () => {
    expect(copyText([["a\0b"]])).toBe("a\uFFFDb\n");
  });

  it("escapes every value of a row, not only the first (the test's regular expression keeps no state)", () => {
    expect(copyText([["x\ty", "p\tq", "r\ts"]])).toBe("x\\ty\tp\\tq\tr\\ts\n");
  });

  it("refuses a number that no column could read", () => {
    expect(() => copyText([[Number.NaN]])).toThrow(/finite/);
  });
});
