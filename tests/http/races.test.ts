/**
 * Races, with real concurrency (20 requests at once over HTTP; on PostgreSQL the pool's 5 connections run
 * them in parallel): concurrent deletes, PATCH racing DELETE, id changes, inline Employees reused by email,
 * and an Idempotency-Key in use by another instance's transaction. The same answers on both databases.
 */
import crypto from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { integrationBody, registrationBody, startTestApp, TEST_DB, type ApiCall, type TestApp } from "../support/test-app";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const N = 20;
const WEBHOOK_URL = "https://93.184.215.14/hook"; // a public address: no DNS, and never called (no worker runs here)

/** An account of its own, with one type-3 Integration named `integration`. */
async function tenant(integration = `int-${crypto.randomBytes(4).toString("hex")}`) {
  const { key, accountPk } = await app.newKey("demo");
  const res = await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: integration }) });
  expect(res.status).toBe(201);
  const as = (call: ApiCall = {}): ApiCall => ({ ...call, key, headers: { "Integration-ID": integration, ...call.headers } });
  return { key, accountPk, integration, as };
}

/** Sends the calls all at once; answers each status (bodies read, so that no socket is left hanging). */
async function together(calls: { path: string; call: ApiCall }[]): Promise<number[]> {
  return Promise.all(
    calls.map(async ({ path, call }) => {
      const res = await app.api(path, call);
      await res.text();
      return res.status;
    }),
  );
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

interface Resource {
  name: string;
  /** Creates one object with this id; answers its path and the call options (key, headers) to reach it. */
  create(id: string): Promise<{ path: (id: string) => string; call: ApiCall }>;
  /** A harmless partial update. */
  patch: Record<string, unknown>;
}

const employee = (id: string, email = `${id}@example.se`) => ({ id, name: `Person ${id}`, email, country: "SWE" });
const payout = (employeeRef: unknown, over: Record<string, unknown> = {}) => ({
  employee: employeeRef,
  amount: "100.00",
  currency: "SEK",
  description: "Race",
  ...over,
});

const RESOURCES: Resource[] = [
  {
    name: "Integrations",
    patch: { metadata: { race: true } },
    async create(id) {
      const { key } = await app.newKey("demo");
      expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
      return { path: (i) => `/v2/integrations/${i}/`, call: { key } };
    },
  },
  {
    name: "Employees",
    patch: { metadata: { race: true } },
    async create(id) {
      const t = await tenant();
      expect((await app.json("/v2/employees/", { method: "POST", ...t.as({ body: employee(id) }) })).status).toBe(201);
      return { path: (i) => `/v2/employees/${i}/`, call: t.as() };
    },
  },
  {
    name: "Webhooks",
    patch: { metadata: { race: true } },
    async create(id) {
      const { key } = await app.newKey("demo");
      const res = await app.json("/v2/webhooks/", { method: "POST", key, body: { id, url: WEBHOOK_URL, events: ["Registration.verified"] } });
      expect(res.status).toBe(201);
      return { path: (i) => `/v2/webhooks/${i}/`, call: { key } };
    },
  },
  {
    name: "Registrations",
    patch: { metadata: { race: true } },
    async create(id) {
      const { key } = await app.newKey("demo");
      const body = registrationBody({ id });
      const res = await app.json("/v2/registrations/", { method: "POST", key, body });
      expect(res.body).toMatchObject({ id });
      return { path: (i) => `/v2/registrations/${i}/`, call: { key } };
    },
  },
  {
    name: "Payruns",
    patch: { metadata: { race: true } },
    async create(id) {
      // An open Payrun with no Payouts: made by a Payout, which is then deleted.
      const t = await tenant();
      const created = await app.json<{ id: string; payrun: string }>("/v2/payouts/", { method: "POST", ...t.as({ body: payout(employee("payee")) }) });
      expect(created.status).toBe(201);
      expect((await app.api(`/v2/payouts/${created.body.id}/`, { method: "DELETE", ...t.as() })).status).toBe(204);
      const moved = await app.json(`/v2/payruns/${created.body.payrun}/`, { method: "PATCH", ...t.as({ body: { id } }) });
      expect(moved.status).toBe(200);
      return { path: (i) => `/v2/payruns/${i}/`, call: t.as() };
    },
  },
];

describe("concurrent DELETEs of one object: one 204, the rest 404", () => {
  it.each([...RESOURCES.map((r) => [r.name, r] as const)])("%s", async (_name, resource) => {
    const { path, call } = await resource.create("doomed");
    const statuses = await together(Array.from({ length: N }, () => ({ path: path("doomed"), call: { ...call, method: "DELETE" } })));
    expect(count(statuses, 204)).toBe(1);
    expect(count(statuses, 404)).toBe(N - 1);
    expect((await app.api(path("doomed"), call)).status).toBe(404);
  });

  it("Payouts", async () => {
    const t = await tenant();
    const created = await app.json<{ id: string }>("/v2/payouts/", { method: "POST", ...t.as({ body: payout(employee("paid"), { id: "doomed" }) }) });
    expect(created.status).toBe(201);
    const statuses = await together(Array.from({ length: N }, () => ({ path: "/v2/payouts/doomed/", call: t.as({ method: "DELETE" }) })));
    expect(count(statuses, 204)).toBe(1);
    expect(count(statuses, 404)).toBe(N - 1);
  });
});

describe("PATCH racing DELETE: one 204, every other answer 200 or 404", () => {
  it.each([...RESOURCES.map((r) => [r.name, r] as const)])("%s", async (_name, resource) => {
    const { path, call } = await resource.create("contested");
    const calls = Array.from({ length: N }, (_, i) => ({
      path: path("contested"),
      call: i % 2 ? { ...call, method: "DELETE" } : { ...call, method: "PATCH", body: resource.patch },
    }));
    const statuses = await together(calls);
    const deletes = statuses.filter((_, i) => i % 2);
    const patches = statuses.filter((_, i) => i % 2 === 0);
    expect(count(deletes, 204)).toBe(1);
    expect(count(deletes, 404)).toBe(N / 2 - 1);
    expect(patches.every((s) => s === 200 || s === 404)).toBe(true);
  });
});

describe("concurrent id changes of one object: one 200, the rest 404", () => {
  it.each([...RESOURCES.map((r) => [r.name, r] as const)])("%s", async (_name, resource) => {
    const { path, call } = await resource.create("old");
    const statuses = await together(Array.from({ length: N }, (_, i) => ({ path: path("old"), call: { ...call, method: "PATCH", body: { id: `new-${i}` } } })));
    expect(count(statuses, 200)).toBe(1);
    expect(count(statuses, 404)).toBe(N - 1);
    const winner = `new-${statuses.indexOf(200)}`;
    expect((await app.api(path(winner), call)).status).toBe(200);
    const survivors = await Promise.all(Array.from({ length: N }, (_, i) => app.api(path(`new-${i}`), call).then((r) => r.status)));
    expect(count(survivors, 200)).toBe(1);
    expect((await app.api(path("old"), call)).status).toBe(404);
  });
});

describe("writes naming an Employee that is deleted at the same time", () => {
  it("Messages and Payouts answer 201 or 400 and the DELETE 204 or 409, never 5xx", async () => {
    const t = await tenant();
    for (let round = 0; round < 3; round++) {
      const id = `named-${round}`;
      expect((await app.json("/v2/employees/", { method: "POST", ...t.as({ body: employee(id) }) })).status).toBe(201);
      const calls = Array.from({ length: N }, (_, i) =>
        i === 3
          ? { path: `/v2/employees/${id}/`, call: t.as({ method: "DELETE" }) }
          : i % 2
            ? { path: "/v2/messages/", call: t.as({ method: "POST", body: { employees: [id], content: "Hello" } }) }
            : { path: "/v2/payouts/", call: t.as({ method: "POST", body: payout(id) }) },
      );
      const statuses = await together(calls);
      expect([204, 409]).toContain(statuses[3]);
      const writes = statuses.filter((_, i) => i !== 3);
      expect(writes.filter((s) => s !== 201 && s !== 400)).toEqual([]);
    }
  });

  // On a loaded machine the writes above hold the Employee for seconds (the bulk Payout create may take a
  // minute), and the DELETE waits for them: past Prisma's default transaction limits (2 s to start, 5 s in
  // all) that wait was a 500. A transaction kept open here for longer stands in for them, deterministically.
  it("while a long transaction keeps the Employee, the DELETE and the writes wait for it, never 5xx", async () => {
    const t = await tenant();
    const id = "held";
    expect((await app.json("/v2/employees/", { method: "POST", ...t.as({ body: employee(id) }) })).status).toBe(201);
    const { pk } = await app.db.employee.findFirstOrThrow({ where: { id, integration: { id: t.integration } }, select: { pk: true } });
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const holder = app.db.$transaction(
      async (tx) => {
        // As a Payout naming the Employee keeps it (keepReferenced); on PGlite the open transaction alone holds everything.
        await tx.$queryRaw`SELECT pk FROM employee WHERE pk = ${pk}::uuid FOR KEY SHARE`;
        held();
        await released;
      },
      { maxWait: 10_000, timeout: 60_000 },
    );
    await holding;
    // On PostgreSQL the holder, the DELETE and the PATCHes waiting for the Employee take the pool's 5 connections:
    // the Message and the Payout wait for one.
    const patches = Array.from({ length: 3 }, () => ({ path: `/v2/employees/${id}/`, call: t.as({ method: "PATCH", body: { metadata: { held: true } } }) }));
    const answers = together([
      { path: `/v2/employees/${id}/`, call: t.as({ method: "DELETE" }) },
      ...patches,
      { path: "/v2/messages/", call: t.as({ method: "POST", body: { employees: [id], content: "Hello" } }) },
      { path: "/v2/payouts/", call: t.as({ method: "POST", body: payout(id) }) },
    ]);
    await sleep(6_000);
    release();
    await holder;
    const statuses = await answers;
    expect([204, 409]).toContain(statuses[0]);
    expect(statuses.slice(1, 4).filter((s) => s !== 200 && s !== 404)).toEqual([]);
    expect(statuses.slice(4).filter((s) => s !== 201 && s !== 400)).toEqual([]);
  });
});

describe("creates under an Integration that is deleted at the same time", () => {
  it("Employees, Messages and webhooks answer 201 or 404, the DELETE 204 or 409, never 5xx", async () => {
    for (let round = 0; round < 4; round++) {
      const t = await tenant();
      const calls = Array.from({ length: N }, (_, i) =>
        i === 5
          ? { path: `/v2/integrations/${t.integration}/`, call: { key: t.key, method: "DELETE" } }
          : i % 3 === 0
            ? { path: "/v2/webhooks/", call: t.as({ method: "POST", body: { url: WEBHOOK_URL, events: ["Employee.created"] } }) }
            : { path: "/v2/employees/", call: t.as({ method: "POST", body: employee(`gone-${round}-${i}`) }) },
      );
      const statuses = await together(calls);
      expect([204, 409]).toContain(statuses[5]);
      expect(statuses.filter((s, i) => i !== 5 && s !== 201 && s !== 404).map((s, i) => `${i}:${s}`)).toEqual([]);
    }
  });
});

describe("events fanned out to webhooks that are deleted at the same time", () => {
  it("the creates answer 201 and the DELETEs 204, never 5xx", async () => {
    for (let round = 0; round < 4; round++) {
      const t = await tenant();
      const hooks = Array.from({ length: 5 }, (_, i) => `hook-${round}-${i}`);
      for (const id of hooks) {
        const res = await app.json("/v2/webhooks/", { method: "POST", ...t.as({ body: { id, url: WEBHOOK_URL, events: ["Employee.created"] } }) });
        expect(res.status).toBe(201);
      }
      const calls = Array.from({ length: N }, (_, i) =>
        i % 4 === 1
          ? { path: `/v2/webhooks/${hooks[(i - 1) / 4]}/`, call: t.as({ method: "DELETE" }) }
          : { path: "/v2/employees/", call: t.as({ method: "POST", body: employee(`fan-${round}-${i}`) }) },
      );
      const statuses = await together(calls);
      expect(statuses.map((s, i) => `${i}:${s}`).filter((_, i) => statuses[i] !== (i % 4 === 1 ? 204 : 201))).toEqual([]);
    }
  });
});

describe("inline Employees are reused by email atomically", () => {
  const invitations = (email: string) => app.mails().filter((m) => m.text.includes(`To: ${email}`)).length;

  it("20 parallel Payouts with the same inline Employee create one Employee and one invitation", async () => {
    const t = await tenant();
    const email = "same@example.se";
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        app.json<{ employee: string }>("/v2/payouts/", {
          method: "POST",
          ...t.as({ body: payout({ name: "Same Person", email: i % 2 ? email : email.toUpperCase(), country: "SWE" }) }),
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(N).fill(201));
    expect(new Set(results.map((r) => r.body.employee)).size).toBe(1);
    const employees = await app.json<{ count: number }>(`/v2/employees/?search=${email}`, t.as());
    expect(employees.body.count).toBe(1);
    await app.drainJobs();
    expect(invitations(email)).toBe(1);
  });

  it("parallel bulk creates naming the same inline Employee twice create one Employee", async () => {
    const t = await tenant();
    const email = "bulk@example.se";
    const inline = { name: "Bulk Person", email, country: "SWE" };
    const results = await Promise.all(
      Array.from({ length: N / 2 }, () =>
        app.json<{ employee: string }[]>("/v2/payouts/", { method: "POST", ...t.as({ body: [payout(inline), payout(inline)] }) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(N / 2).fill(201));
    expect(new Set(results.flatMap((r) => r.body.map((p) => p.employee))).size).toBe(1);
    const employees = await app.json<{ count: number }>(`/v2/employees/?search=${email}`, t.as());
    expect(employees.body.count).toBe(1);
    await app.drainJobs();
    expect(invitations(email)).toBe(1);
  });
});

describe("an Idempotency-Key in use by another transaction, or left without an answer", () => {
  /** Makes a request with the key, then removes what it made: as if its transaction had rolled back. */
  async function rolledBack(key: string, idem: string, name: string) {
    const first = await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ name }), headers: { "Idempotency-Key": idem } });
    expect(first.status).toBe(201);
    await app.db.integration.deleteMany({ where: { name } });
    return app.db.idempotencyRecord.findFirstOrThrow({ where: { key: idem } });
  }

  it("a row without an answer (an earlier version's claim, committed before its work): the retry runs at once", async () => {
    const { key } = await app.newKey("demo");
    const row = await rolledBack(key, "k-left-behind", "Left behind");
    await app.db.idempotencyRecord.update({ where: { pk: row.pk }, data: { status: null, body: null } });
    const retry = await app.json("/v2/integrations/", {
      method: "POST",
      key,
      body: integrationBody({ name: "Left behind" }),
      headers: { "Idempotency-Key": "k-left-behind" },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    expect(await app.db.integration.count({ where: { name: "Left behind" } })).toBe(1);
  });

  /** Another instance's request with the key, in its transaction: the claim inserted, the answer not yet committed. */
  async function otherInstanceClaims(row: { accountPk: string; requestHash: string }, idem: string) {
    const url = app.databaseUrl;
    if (!url) throw new Error("PostgreSQL test app without a URL");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    const [claimed] = (
      await client.query<{ pk: string }>(
        `INSERT INTO idempotency_record (pk, account_pk, environment, key, request_hash) VALUES (gen_random_uuid(), $1, 'demo', $2, $3) RETURNING pk::text`,
        [row.accountPk, idem, row.requestHash],
      )
    ).rows;
    return { client, pk: claimed.pk };
  }

  it.runIf(TEST_DB === "pg")("another instance's transaction that dies (rolls back): the waiting retry runs", async () => {
    const { key } = await app.newKey("demo");
    const row = await rolledBack(key, "k-crashed", "Crashed");
    await app.db.idempotencyRecord.delete({ where: { pk: row.pk } });
    const other = await otherInstanceClaims(row, "k-crashed");
    const retry = app.json("/v2/integrations/", {
      method: "POST",
      key,
      body: integrationBody({ name: "Crashed" }),
      headers: { "Idempotency-Key": "k-crashed" },
    });
    await new Promise((r) => setTimeout(r, 500));
    await other.client.end(); // the connection closes with the transaction open: PostgreSQL rolls it back
    const res = await retry;
    expect(res.status).toBe(201);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
    expect(await app.db.integration.count({ where: { name: "Crashed" } })).toBe(1);
  });

  it.runIf(TEST_DB === "pg")("another instance's transaction that commits its answer: the waiting retry replays it", async () => {
    const { key } = await app.newKey("demo");
    const row = await rolledBack(key, "k-alive", "Alive");
    await app.db.idempotencyRecord.delete({ where: { pk: row.pk } });
    const other = await otherInstanceClaims(row, "k-alive");
    try {
      const retry = app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ name: "Alive" }), headers: { "Idempotency-Key": "k-alive" } });
      await new Promise((r) => setTimeout(r, 500));
      await other.client.query(`UPDATE idempotency_record SET status = 201, headers = $2, body = $3 WHERE pk = $1`, [
        other.pk,
        JSON.stringify({ "Content-Type": "application/json" }),
        Buffer.from(JSON.stringify({ id: "from-the-other" })),
      ]);
      await other.client.query("COMMIT");
      const res = await retry;
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: "from-the-other" });
      expect(res.headers.get("idempotent-replayed")).toBe("true");
      expect(await app.db.integration.count({ where: { name: "Alive" } })).toBe(0);
    } finally {
      await other.client.end();
    }
  });
});
