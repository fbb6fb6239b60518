import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { RELATIONS, STAMPED, stamped } from "./clock-stamps";

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

/** Per model of prisma/schema.prisma, its relation fields and the model each leads to. */
function schemaRelations(): Record<string, Record<string, string>> {
  const schema = fs.readFileSync("prisma/schema.prisma", "utf8");
  const models = [...schema.matchAll(/^model (\w+) \{\n([\s\S]*?)^\}/gm)];
  const names = new Set(models.map(([, model]) => model));
  const out: Record<string, Record<string, string>> = {};
  for (const [, model, body] of models) {
    for (const line of body.split("\n")) {
      const [, field, type] = /^\s+(\w+)\s+(\w+)/.exec(line) ?? [];
      if (field && names.has(type)) (out[model] ??= {})[field] = type;
    }
  }
  return out;
}

describe("RELATIONS", () => {
  it("is every relation field of the schema", () => {
    expect(RELATIONS).toEqual(schemaRelations());
  });
});

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

describe("stamped nested writes", () => {
  const at = new Date("2030-01-02T03:04:05.000Z");
  const written = new Date("2020-01-01T00:00:00.000Z");
  const echo = { create: (a: unknown) => a, update: (a: unknown) => a, upsert: (a: unknown) => a };
  const db = stamped({ user: echo, employee: echo, message: echo, payrun: echo, integration: echo }, { now: () => at });

  it("stamps a relation's create, createMany and connectOrCreate inside a create, as the related model's rows", () => {
    expect(db.user.create({ data: { id: "u", credentials: { create: { id: "c" } } } })).toEqual({
      data: { id: "u", createdAt: at, updatedAt: at, credentials: { create: { id: "c", createdAt: at, updatedAt: at } } },
    });
    expect(
      db.employee.create({
        data: {
          id: "e",
          createdAt: written,
          payouts: { create: [{ id: "p1" }, { id: "p2", updatedAt: written }] },
          decisions: { createMany: { data: [{ decision: "ok" }] } },
          magicLinks: { connectOrCreate: [{ where: { pk: "m" }, create: { tokenHash: "h" } }] },
        },
      }),
    ).toEqual({
      data: {
        id: "e",
        createdAt: written,
        updatedAt: at,
        payouts: {
          create: [
            { id: "p1", createdAt: at, updatedAt: at },
            { id: "p2", createdAt: at, updatedAt: written },
          ],
        },
        decisions: { createMany: { data: [{ decision: "ok", createdAt: at }] } },
        magicLinks: { connectOrCreate: [{ where: { pk: "m" }, create: { tokenHash: "h", createdAt: at } }] },
      },
    });
  });

  it("goes down nested creates of nested creates, and leaves a model without stamps as it is", () => {
    expect(db.message.create({ data: { id: "m", recipients: { create: [{ employee: { connect: { pk: "e" } } }] } } })).toEqual({
      data: { id: "m", createdAt: at, recipients: { create: [{ employee: { connect: { pk: "e" } } }] } },
    });
    expect(db.integration.create({ data: { id: "i", employees: { create: { id: "e", payouts: { create: { id: "p" } } } } } })).toEqual({
      data: {
        id: "i",
        createdAt: at,
        updatedAt: at,
        employees: { create: { id: "e", createdAt: at, updatedAt: at, payouts: { create: { id: "p", createdAt: at, updatedAt: at } } } },
      },
    });
  });

  it("stamps nested updates, updateMany and upserts inside an update, to-one and to-many alike", () => {
    expect(
      db.payrun.update({
        where: { pk: "r" },
        data: {
          open: false,
          invoice: { update: { status: "invoice" } },
          payouts: { updateMany: { where: {}, data: { notifiedAt: written } }, update: [{ where: { pk: "p" }, data: { amount: 1 } }] },
          prepaymentUses: { upsert: [{ where: { pk: "u" }, create: { amount: 1 }, update: { amount: 2 } }] },
        },
      }),
    ).toEqual({
      where: { pk: "r" },
      data: {
        open: false,
        updatedAt: at,
        invoice: { update: { status: "invoice", updatedAt: at } },
        payouts: {
          updateMany: { where: {}, data: { notifiedAt: written, updatedAt: at } },
          update: [{ where: { pk: "p" }, data: { amount: 1, updatedAt: at } }],
        },
        prepaymentUses: { upsert: [{ where: { pk: "u" }, create: { amount: 1, createdAt: at }, update: { amount: 2 } }] },
      },
    });
    expect(db.employee.update({ where: { pk: "e" }, data: { claimDetails: { upsert: { create: { city: "A" }, update: { city: "B" } } } } })).toEqual({
      where: { pk: "e" },
      data: { updatedAt: at, claimDetails: { upsert: { create: { city: "A" }, update: { city: "B" } } } },
    });
    expect(db.payrun.update({ where: { pk: "r" }, data: { invoice: { update: { where: { pk: "i" }, data: { status: "paid" } } } } })).toEqual({
      where: { pk: "r" },
      data: { updatedAt: at, invoice: { update: { where: { pk: "i" }, data: { status: "paid", updatedAt: at } } } },
    });
  });

  it("leaves values that are not rows alone (dates, decimals, buffers in a row's data)", () => {
    const bytes = Buffer.from("x");
    expect(db.integration.update({ where: { pk: "i" }, data: { logo: { update: { data: bytes } } } })).toEqual({
      where: { pk: "i" },
      data: { updatedAt: at, logo: { update: { data: bytes } } },
    });
  });
});
