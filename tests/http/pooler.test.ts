/**
 * What a transaction-mode pooler (PgBouncer) changes: a client's next transaction may run on another server
 * connection. With TEST_DB=pgbouncer the app reaches PostgreSQL through one (tests/support/pgbouncer.ts);
 * on the other databases these hold as well. Measured on the main of 27 November through PgBouncer: named
 * prepared statements failed ("already exists / does not exist") and most requests answered 500.
 */
import pg from "pg";
import { fastSql } from "@/db/fast-sql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const headers = { "Integration-ID": "pooled" };

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "pooled" }) })).status).toBe(201);
});
afterAll(() => app?.close());

describe("through a transaction pooler", () => {
  it("200 concurrent creates and their reads all succeed", async () => {
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        app.json("/v2/employees/", { method: "POST", key, headers, body: { id: `p-${i}`, name: `Pooled ${i}`, email: `p${i}@example.se`, country: "SWE" } }),
      ),
    );
    expect(created.map((r) => r.status).filter((s) => s !== 201)).toEqual([]);
    const reads = await Promise.all(Array.from({ length: 100 }, (_, i) => app.json(`/v2/employees/p-${i}/`, { key, headers })));
    expect(reads.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const list = await app.json<{ count: number }>("/v2/employees/?search=pooled", { key, headers });
    expect(list.body.count).toBe(200);
  });

  it.runIf(TEST_DB === "pg")("concurrent requests with one Idempotency-Key leave no advisory lock held", async () => {
    const results = await Promise.all(
      Array.from({ length: 16 }, () =>
        app.json("/v2/employees/", {
          method: "POST",
          key,
          headers: { ...headers, "Idempotency-Key": "pooled-once" },
          body: { id: "p-once", name: "Once", email: "once@example.se", country: "SWE" },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.status))).toEqual(new Set([201]));
    const [{ name }] = await fastSql(app.db).query<{ name: string }>("select current_database() as name", []);
    // Straight to the server (not through the pooler): every session's locks on this database, idle pooled ones included.
    const direct = new pg.Client({ connectionString: `${process.env.PG_TEST_URL ?? "postgresql://postgres@127.0.0.1:5432"}/postgres` });
    await direct.connect();
    try {
      const { rows } = await direct.query<{ n: number }>(
        "select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database where l.locktype = 'advisory' and d.datname = $1",
        [name],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await direct.end();
    }
  });
});
