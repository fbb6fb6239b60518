/**
 * PostgreSQL ending the app's connections (pg_terminate_backend, a failover, a restart): a read whose
 * connection was ended is retried once on another connection, through the direct reads (fast-sql.ts) and
 * Prisma's reads alike; a write never is, since it may have committed. PostgreSQL only: the embedded
 * database has no connections to lose.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastSql } from "@/db/fast-sql";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

describe.skipIf(TEST_DB !== "pg")("dropped PostgreSQL connections", () => {
  let app: TestApp;
  let admin: pg.Client;
  let key: string;

  beforeAll(async () => {
    app = await startTestApp();
    admin = new pg.Client({ connectionString: app.databaseUrl ?? "" });
    await admin.connect();
    await admin.query("create table retry_probe (n int)");
    ({ key } = await app.newKey("demo"));
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "drop-int" }) })).status).toBe(201);
  });
  afterAll(async () => {
    await admin?.end();
    await app?.close();
  });

  /** Ends the backend running a statement that contains `marker`, once it runs. */
  async function terminateWhenRunning(marker: string): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await admin.query<{ ended: boolean }>(
        "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like $1",
        [`%${marker}%`],
      );
      if (rows.some((r) => r.ended)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error(`no running statement with ${marker}`);
  }

  it("a direct read whose connection is terminated mid-statement is answered by the retry", async () => {
    const read = fastSql(app.db).query<{ x: number }>("select 1 as x from pg_sleep(0.5) /* direct-read */", []);
    await terminateWhenRunning("direct-read");
    expect(await read).toEqual([{ x: 1 }]);
  });

  it("a direct write whose connection is terminated is not run again", async () => {
    // Settled at once into a value, so that its rejection is never unhandled while the test waits.
    const write = fastSql(app.db)
      .query("insert into retry_probe select 1 from pg_sleep(0.5) /* direct-write */", [])
      .then(
        () => "done",
        (e: unknown) => e,
      );
    await terminateWhenRunning("direct-write");
    expect(await write).toBeInstanceOf(Error);
    expect((await admin.query("select count(*)::int as n from retry_probe")).rows[0].n).toBe(0);
  });

  it("a Prisma read whose connection is terminated mid-statement is answered by the retry; a Prisma write is not run again", async () => {
    // `.then` starts it: a Prisma query runs only once awaited.
    const read = app.db.$queryRawUnsafe<{ x: number }[]>("select 1 as x from pg_sleep(0.5) /* prisma-read */").then((rows) => rows);
    await terminateWhenRunning("prisma-read");
    expect(await read).toEqual([{ x: 1 }]);

    const write = app.db.$executeRawUnsafe("insert into retry_probe select 2 from pg_sleep(0.5) /* prisma-write */").then(
      () => "done",
      (e: unknown) => e,
    );
    await terminateWhenRunning("prisma-write");
    expect(await write).toBeInstanceOf(Error);
    expect((await admin.query("select count(*)::int as n from retry_probe")).rows[0].n).toBe(0);
  });

  it("after every backend is dropped, Integration-scoped requests are still answered", async () => {
    const get = () => app.api("/v2/employees/", { key, headers: { "Integration-ID": "drop-int" } });
    // Fill the pool with idle connections, then end them all.
    await Promise.all(Array.from({ length: 8 }, get));
    await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const statuses = await Promise.all(Array.from({ length: 20 }, async () => (await get()).status));
    expect(statuses).toEqual(Array(20).fill(200));
  });
});
