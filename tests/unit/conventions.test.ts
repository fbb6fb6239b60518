/** Pure helpers of the conventions layer. */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ipAllowed, parseCidr } from "@/domain/api-keys/api-key-service";
import { fieldErrorsFromZod } from "@/domain/errors";
import { ZPageQuery } from "@/domain/shared/pagination";
import { ZId, ZMetadata } from "@/domain/shared/schemas";
import { isListField } from "@/http/v2/routes";
import { textEntries } from "@/i18n/catalogue/bilingual";
import { serverMessagesFor } from "@/i18n/catalogue/catalogue";
import { negotiateLocale, t, withLocale } from "@/i18n/locale";
import { serverTexts } from "@/i18n/server-texts";
import { installZodMessages } from "@/i18n/zod-messages";

describe("language negotiation", () => {
  it.each([
    [undefined, "en"],
    ["sv", "sv"],
    ["sv-SE,sv;q=0.9,en;q=0.8", "sv"],
    ["en;q=0.5, sv;q=0.9", "sv"],
    ["de, fr;q=0.9", "en"],
    ["*", "en"],
    ["sv;q=0", "en"],
  ])("%s -> %s", (header, expected) => expect(negotiateLocale(header)).toBe(expected));

  it("the server's texts are in both languages, with the same placeholders", () => {
    const sv = new Map(textEntries(serverMessagesFor("sv")));
    const names = (s = "") => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [path, en] of textEntries(serverMessagesFor("en"))) expect(names(sv.get(path)), path).toEqual(names(en));
    expect(withLocale("sv", () => t("not_found"))).toBe("Hittades inte.");
    expect(serverTexts("en")("apiViews.count", { count: 3 })).toBe("3 in total");
  });
});

describe("allow-lists", () => {
  it("parses addresses and CIDR ranges, refusing nonsense", () => {
    expect(parseCidr("10.0.0.0/8")).toEqual({ address: "10.0.0.0", prefix: 8, family: "ipv4" });
    expect(parseCidr("2001:db8::/32")?.family).toBe("ipv6");
    expect(parseCidr("127.0.0.1")?.prefix).toBe(32);
    for (const bad of ["10.0.0.0/33", "300.0.0.1", "10.0.0.0/8/1", "abc", "10.0.0.0/x"]) expect(parseCidr(bad), bad).toBeNull();
  });

  it("matches IPv4, IPv6 and IPv4-mapped addresses; an empty list allows all", () => {
    expect(ipAllowed("10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(ipAllowed("11.1.2.3", ["10.0.0.0/8"])).toBe(false);
    expect(ipAllowed("::ffff:10.1.2.3", ["10.0.0.0/8"])).toBe(true);
    expect(ipAllowed("2001:db8::1", ["2001:db8::/32"])).toBe(true);
    expect(ipAllowed("anything", [])).toBe(true);
  });
});

describe("schemas", () => {
  installZodMessages();
  it("ids are strings; numbers are coerced; slashes and blanks refused", () => {
    expect(ZId.parse(9472)).toBe("9472");
    expect(ZId.safeParse("a/b").success).toBe(false);
    expect(ZId.safeParse("").success).toBe(false);
  });

  it("metadata is an object, also when sent as a JSON string", () => {
    expect(ZMetadata.parse('{"a":1}')).toEqual({ a: 1 });
    expect(ZMetadata.safeParse("[1]").success).toBe(false);
  });

  it("pages: defaults, clamping, invalid pages become 0 (answered with 404)", () => {
    expect(ZPageQuery.parse({})).toEqual({ page: 1, page_size: 25 });
    expect(ZPageQuery.parse({ page: "3", page_size: "1000" })).toEqual({ page: 3, page_size: 100 });
    expect(ZPageQuery.parse({ page: "x", page_size: "-4" })).toEqual({ page: 0, page_size: 25 });
  });

  it("zod errors become DRF field errors, nested for nested objects", () => {
    const schema = z.object({ name: z.string().min(1), employee: z.object({ email: z.email() }), events: z.array(z.string()) });
    const result = schema.safeParse({ name: "", employee: { email: "x" }, events: [1] });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsFromZod(result.error)).toEqual({
        name: ["This field may not be blank."],
        employee: { email: ["Enter a valid email address."] },
        events: { "0": ["Not a valid string."] },
      });
    }
    const root = z
      .object({})
      .refine(() => false, { message: "nope" })
      .safeParse({});
    if (!root.success) expect(fieldErrorsFromZod(root.error)).toEqual({ non_field_errors: ["nope"] });
  });

  it("list fields are found through optional and default wrappers", () => {
    const schema = z.object({ expand: z.array(z.string()).optional(), events: z.array(z.string()).default([]), name: z.string() });
    expect(isListField(schema, "expand")).toBe(true);
    expect(isListField(schema, "events")).toBe(true);
    expect(isListField(schema, "name")).toBe(false);
  });
});

describe("migrations", () => {
  it("the committed migrations produce prisma/schema.prisma (run `npm run db:diff -- <name>` after a model change)", () => {
    expect(fs.readFileSync("prisma/migrations/schema.snapshot.prisma", "utf8")).toBe(fs.readFileSync("prisma/schema.prisma", "utf8"));
  });
});
