/**
 * Which Integration an Integration-ID names is remembered by each instance and forgotten on every rename and
 * delete (integration-lookup.ts): at once on the instance that made the change, through PostgreSQL's
 * notification on the others, and not at all while an instance's notification connection is down (it then
 * reads on every request). PostgreSQL only: the embedded database has one process.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

describe.skipIf(TEST_DB !== "pg")("the Integration-ID memo across instances (TEST_DB=pg)", () => {
  let a: TestApp;
  let b: TestApp;
  let admin: pg.Client;
  let key: string;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ databaseUrl: a.databaseUrl ?? "", databaseDirectUrl: a.databaseDirectUrl ?? undefined });
    admin = new pg.Client({ connectionString: a.databaseDirectUrl ?? a.databaseUrl ?? "" });
    await admin.connect();
    ({ key } = await a.newKey("demo"));
  });
  afterAll(async () => {
    await admin?.end();
    await b?.close();
    await a?.close();
  });

  const employees = (app: TestApp, id: string) => app.api("/v2/employees/", { key, headers: { "Integration-ID": id } }).then((r) => r.status);

  /** Polls `check` until it holds, for at most `ms`: a notification arrives shortly after the commit, not before it returns. */
  async function eventually(check: () => Promise<boolean>, ms = 2_000): Promise<boolean> {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 5));
    }
    return check();
  }

  /** Renames in SQL with the notifying trigger off: nobody is told, so only a memo still answers the old id. */
  async function silentRename(from: string, to: string): Promise<void> {
    await admin.query("begin");
    await admin.query("alter table integration disable trigger integration_identity_changed");
    await admin.query("update integration set id = $2 where id = $1", [from, to]);
    await admin.query("alter table integration enable trigger integration_identity_changed");
    await admin.query("commit");
  }

  it("an instance remembers the answer, and another instance's rename and delete reach it by notification", async () => {
    expect((await a.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "memo-old" }) })).status).toBe(201);
    expect(await employees(b, "memo-old")).toBe(200);
    // Remembered: a rename nobody is told of is not seen.
    await silentRename("memo-old", "memo-quiet");
    expect(await employees(b, "memo-old")).toBe(200);
    await silentRename("memo-quiet", "memo-old");

    expect((await a.json("/v2/integrations/memo-old/", { method: "PATCH", key, body: { id: "memo-new" } })).status).toBe(200);
    expect(await employees(a, "memo-old")).toBe(404); // at once on the instance that renamed
    expect(await eventually(async () => (await employees(b, "memo-old")) === 404)).toBe(true);
    expect(await employees(b, "memo-new")).toBe(200);
    expect((await a.api("/v2/integrations/memo-new/", { method: "DELETE", key })).status).toBe(204);
    expect(await eventually(async () => (await employees(b, "memo-new")) === 404)).toBe(true);
  });

  it("while the notification connection is down nothing is remembered, and it is opened again", async () => {
    expect((await a.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "memo-down" }) })).status).toBe(201);
    expect(await employees(b, "memo-down")).toBe(200);
    const listening = async () =>
      (
        await admin.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and query = 'LISTEN \"integration_identity_changed\"'",
        )
      ).rows[0].n;
    expect(await listening()).toBe(2);
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN \"integration_identity_changed\"'",
    );
    // Until the instances notice, they may still answer from memory; once they do, each request reads.
    expect(await eventually(async () => (await listening()) === 0)).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    await silentRename("memo-down", "memo-down-2");
    expect(await employees(b, "memo-down")).toBe(404);
    expect(await employees(b, "memo-down-2")).toBe(200);
    // The connections come back (after a second), and the memo with them.
    expect(await eventually(async () => (await listening()) === 2, 5_000)).toBe(true);
    expect(await employees(b, "memo-down-2")).toBe(200);
    await silentRename("memo-down-2", "memo-down-3");
    expect(await employees(b, "memo-down-2")).toBe(200);
  });
});
