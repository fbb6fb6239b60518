import { createTranslator } from "use-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "@/i18n/catalogue/catalogue";
import type { Locale } from "@/i18n/catalogue/locales";
import { formatTimeSpan, timeSpanParts } from "./format";

/** The span in `locale` with the catalogue's words, as `useFormat().timeSpan` writes it. */
function span(seconds: number, locale: Locale): string {
  const t = createTranslator({ locale, messages: messagesFor(locale), namespace: "common.timeSpan" });
  return formatTimeSpan(seconds, (unit, count) => t(unit, { count }));
}

describe("timeSpanParts", () => {
  it("splits seconds into days, hours, minutes and seconds, leaving out the empty ones", () => {
    expect(timeSpanParts(86_400)).toEqual([["days", 1]]);
    expect(timeSpanParts(9_000)).toEqual([
      ["hours", 2],
      ["minutes", 30],
    ]);
    expect(timeSpanParts(30 * 86_400 + 3_600 + 5)).toEqual([
      ["days", 30],
      ["hours", 1],
      ["seconds", 5],
    ]);
    expect(timeSpanParts(0)).toEqual([]);
  });
});

describe("formatTimeSpan", () => {
  it("reads as people write it, in English and Swedish", () => {
    expect(span(86_400, "en")).toBe("1 day");
    expect(span(86_400, "sv")).toBe("1 dag");
    expect(span(31 * 86_400, "en")).toBe("31 days");
    expect(span(31 * 86_400, "sv")).toBe("31 dagar");
    expect(span(9_000, "en")).toBe("2 h 30 min");
    expect(span(86_400 + 3_600, "sv")).toBe("1 dag 1 h");
    expect(span(0, "en")).toBe("0 s");
  });
});
