import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { STAMPED, stamped } from "./clock-stamps";

/** Per model of prisma/schema.prisma, its `@default(now())` fields and its `@updatedAt` ones. */
function schemaStamps(): Record<string, { created: string[]; updated: string[] }> {
  const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
  const out: Record<string, { created: string[]; updated: string[] }> = {};
  for (const [, model, body] of schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const created: string[] = [];
    const updated: string[] = [];
    for (const line of body.split("\n")) {
      const field = /^\s+(\w+)\s+DateTime/.exec(line)?.[1];
      if (!field) continue;
      if (line.includes("@default(now())")) created.push(field);
      if (line.includes("@updatedAt")) {
        created.push(field);
        updated.push(field);
      }
    }
    if (created.length) out[model] = { created, updated };
  }
  return out;
}

describe("STAMPED", () => {
  it("is every now()/@updatedAt field of the schema, but the outbox's (real time)", () => {
    const { OutboxJob, ...rest } = schemaStamps();
    expect(OutboxJob).toBeDefined();
    expect(Object.fromEntries(Object.entries(STAMPED).map(([m, f]) => [m, { created: [...f.created].sort(), updated: [...f.updated].sort() }]))).toEqual(
      Object.fromEntries(Object.entries(rest).map(([m, f]) => [m, { created: f.created.sort(), updated: f.updated.sort() }])),
    );
  });
});

describe("stamped", () => {
  const at = new Date("2030-01-02T03:04:05.000Z");
  const written = new Date("2020-01-01T00:00:00.000Z");
  const echo = { create: (a: unknown) => a, createMany: (a: unknown) => a, update: (a: unknown) => a, upsert: (a: unknown) => a, findMany: (a: unknown) => a };
  const client = { payout: echo, outboxJob: echo, $transaction: (fn: (tx: { payout: typeof echo }) => unknown) => fn({ payout: echo }) };
  const db = stamped(client, { now: () => at });

  it("fills a stamped model's created and updated fields from the clock, never over a value written", () => {
    expect(db.payout.create({ data: { id: "p" } })).toEqual({ data: { id: "p", createdAt: at, updatedAt: at } });
    expect(db.payout.create({ data: { id: "p", createdAt: written } })).toEqual({ data: { id: "p", createdAt: written, updatedAt: at } });
    expect(db.payout.createMany({ data: [{ id: "a" }, { id: "b" }] })).toEqual({
      data: [
        { id: "a", createdAt: at, updatedAt: at },
        { id: "b", createdAt: at, updatedAt: at },
      ],
    });
    expect(db.payout.update({ where: { id: "p" }, data: { amount: 1 } })).toEqual({ where: { id: "p" }, data: { amount: 1, updatedAt: at } });
    expect(db.payout.upsert({ where: {}, create: {}, update: {} })).toEqual({ where: {}, create: { createdAt: at, updatedAt: at }, update: { updatedAt: at } });
  });

  it("leaves reads and the outbox alone, and stamps in an interactive transaction too", () => {
    expect(db.payout.findMany({ where: {} })).toEqual({ where: {} });
    expect(db.outboxJob.create({ data: { kind: "k" } })).toEqual({ data: { kind: "k" } });
    expect(db.$transaction((tx) => tx.payout.create({ data: {} }))).toEqual({ data: { createdAt: at, updatedAt: at } });
  });
});
