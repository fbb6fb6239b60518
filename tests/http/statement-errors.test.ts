/**
 * A statement that PostgreSQL refuses (a taken id, a division by zero) leaves its connection usable: the pool
 * keeps it, through the direct statements (fast-sql.ts) and Prisma's alike (patches/pg-pool, docs/performance.md).
 * Closing it made every refused create cost a new connection: re-sending creates with a taken id ran at about
 * 23 a second instead of about 800. PostgreSQL only: the embedded database has no connections.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastSql } from "@/db/fast-sql";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

describe.skipIf(TEST_DB !== "pg")("statements PostgreSQL refuses", () => {
  let app: TestApp;
  let admin: pg.Client;
  let key: string;
  const as = { headers: { "Integration-ID": "refused-int" } };

  beforeAll(async () => {
    app = await startTestApp();
    admin = new pg.Client({ connectionString: app.databaseUrl ?? "" });
    await admin.connect();
    ({ key } = await app.newKey("demo"));
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "refused-int" }) })).status).toBe(201);
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });

  /** The app's connections to its database, by backend pid. */
  async function backends(): Promise<number[]> {
    const { rows } = await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    return rows.map((r) => r.pid).sort((a, b) => a - b);
  }

  it("creates refused for a taken id, and refused statements of both kinds, close no connection", async () => {
    const employee = { id: "taken-1", name: "Taken Employee", email: "taken@example.com", country: "SWE" };
    expect((await app.json("/v2/employees/", { method: "POST", key, body: employee, ...as })).status).toBe(201);
    const before = await backends();
    for (let i = 0; i < 10; i++) {
      const res = await app.json<{ id?: string[] }>("/v2/employees/", { method: "POST", key, body: employee, ...as });
      expect(res.status).toBe(400);
      expect(res.body.id).toBeDefined();
    }
    await expect(fastSql(app.db).query("select 1 / 0 as x", [])).rejects.toThrow(/division by zero/);
    await expect(app.db.$queryRawUnsafe("select 1 / 0 as x")).rejects.toThrow(/division by zero/);
    expect(await backends()).toEqual(expect.arrayContaining(before));
    // And the connections that refused go on answering.
    expect((await app.json("/v2/employees/taken-1/", { key, ...as })).status).toBe(200);
  });
});
