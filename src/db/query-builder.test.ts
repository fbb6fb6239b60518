import { describe, expect, it } from "vitest";
import { qb, Slot, slotsOf, Template, typed } from "./query-builder";
import { rowsOf } from "./row-sets";

describe("Template: a statement compiled once, with slots for its values", () => {
  it("numbers slots and constants together, and a run fills each slot with its argument", () => {
    const slot = slotsOf<{ a: string; b: number | null }>();
    const template = new Template(qb.selectNoFrom([typed(slot("a"), "text").as("a"), typed(7, "int").as("c"), typed(slot("b"), "int").as("b")]));
    expect(template.sql).toBe('select $1::text as "a", $2::int as "c", $3::int as "b"');
    expect(template.values({ a: "x", b: null })).toEqual(["x", 7, null]);
    expect(template.values({ a: "y", b: 2 })).toEqual(["y", 7, 2]);
  });

  it("a rowsOf column may be a slot, whose argument is the column's texts", () => {
    const template = new Template(qb.selectFrom(rowsOf<{ pk: string }, "r">("r", { pk: [new Slot<(string | null)[]>("pks"), "uuid"] })).select("r.pk"));
    expect(template.sql).toContain("$1::text[]::uuid[]");
    expect(template.values({ pks: ["00000000-0000-0000-0000-000000000001"] })).toEqual([["00000000-0000-0000-0000-000000000001"]]);
  });
});
