import { describe, expect, it } from "vitest";
import { messagesFor } from "./catalogue";
import { negotiateLocale, requestLocale } from "./locales";

describe("negotiateLocale", () => {
  it("ignores a q that is not a number, and honours the others", () => {
    expect(negotiateLocale("sv;q=x, en;q=0.1")).toBe("en");
    expect(negotiateLocale("en;q=0.5, sv-SE;q=0.8")).toBe("sv");
  });
});

describe("requestLocale", () => {
  it("takes a valid cookie choice over Accept-Language, and ignores an unknown one", () => {
    expect(requestLocale("en", "sv-SE,sv;q=0.9")).toBe("en");
    expect(requestLocale("sv", "en")).toBe("sv");
    expect(requestLocale("de", "sv")).toBe("sv");
    expect(requestLocale(undefined, undefined)).toBe("en");
  });
});

describe("the catalogue", () => {
  /** Leaves as "path: text", so a missing text names itself and an empty one shows. */
  function leaves(tree: object, prefix = ""): [string, string][] {
    return Object.entries(tree).flatMap(([key, value]: [string, unknown]): [string, string][] => {
      if (typeof value === "string") return [[`${prefix}${key}`, value]];
      return typeof value === "object" && value !== null ? leaves(value, `${prefix}${key}.`) : [];
    });
  }

  it("has every English text in Swedish too, none of them empty", () => {
    const en = leaves(messagesFor("en"));
    const sv = leaves(messagesFor("sv"));
    expect(sv.map(([path]) => path)).toEqual(en.map(([path]) => path));
    expect(sv.filter(([, text]) => !text.trim())).toEqual([]);
  });
});
