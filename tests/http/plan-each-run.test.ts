/**
 * The direct statements are named prepared statements, which PostgreSQL plans for any values after a few runs;
 * a search is planned with its pattern on every run instead (`planEachRun`), since a rare term wants the
 * trigram index and a common one the list's order. Measured: under the generic plan a rare term took 82 ms on
 * 32,000 Employees, planned with its pattern 6 ms (docs/performance.md). On both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fastSql } from "@/db/fast-sql";
import type { SqlRunner } from "@/db/query-builder";
import { integrationBody, startTestApp, TEST_DB, THROUGH_POOLER, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const PROBE = "select count(*)::int as n from employee where search_text like lower($1::text) /* plan-each-run probe */";

describe("statements planned on each run", () => {
  it("a planEachRun statement leaves no prepared statement on its connection; others are prepared once", async () => {
    // One connection throughout: a transaction's on PostgreSQL; the embedded database has only one (its
    // transactions send unnamed statements, so the direct reader is used there).
    const sql = fastSql(app.db);
    const onOneConnection = <T>(work: (run: SqlRunner) => Promise<T>) => (TEST_DB === "pg" ? sql.transaction(work) : work(sql));
    const prepared = await onOneConnection(async (run) => {
      const count = async () =>
        (await run.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements where statement like $1", ["%plan-each-run probe%"]))[0].n;
      for (let i = 0; i < 6; i++) await run.query(PROBE, ["%berg%"], { planEachRun: true });
      const eachRun = await count();
      await run.query(PROBE, ["%berg%"]);
      return { eachRun, named: await count() };
    });
    // Behind a transaction pooler nothing is prepared by name (a prepared statement does not follow a client there).
    expect(prepared).toEqual({ eachRun: 0, named: THROUGH_POOLER ? 0 : 1 });
  });

  it("the Employee search answers the same under either plan (rare and common terms)", async () => {
    const { key } = await app.newKey("demo");
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "plans" }) })).status).toBe(201);
    const headers = { "Integration-ID": "plans" };
    for (const name of ["Anna Berg", "Bo Berg", "Cecilia Lund"]) {
      expect(
        (
          await app.json("/v2/employees/", {
            method: "POST",
            key,
            headers,
            body: { name, email: `${name.split(" ")[0].toLowerCase()}@example.se`, country: "SWE" },
          })
        ).status,
      ).toBe(201);
    }
    const search = async (term: string) => (await app.json<{ count: number }>(`/v2/employees/?search=${term}`, { key, headers })).body.count;
    for (let i = 0; i < 8; i++) expect(await search("berg")).toBe(2);
    expect(await search("lund")).toBe(1);
    expect(await search("zzq")).toBe(0);
  });

  it("a narrow search (all matches read at once) and a broad one (the list's order) answer alike, newest first", async () => {
    const { key } = await app.newKey("demo");
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "plans-2" }) })).status).toBe(201);
    const headers = { "Integration-ID": "plans-2" };
    const create = (name: string) => app.json("/v2/employees/", { method: "POST", key, headers, body: { name, email: "x@example.se", country: "SWE" } });
    // Three old matches of "stig", then newer Employees that all match "bench" but not "stig".
    for (const name of ["Stig Ek", "Stig Al", "Stig Berg"]) expect((await create(name)).status).toBe(201);
    for (let i = 0; i < 12; i++) expect((await create(`Bench ${i}`)).status).toBe(201);
    type Page = { count: number; results: { name: string }[] };
    const page = async (term: string) => (await app.json<Page>(`/v2/employees/?search=${term}&page_size=2`, { key, headers })).body;
    for (let i = 0; i < 3; i++) {
      expect(await page("stig")).toMatchObject({ count: 3, results: [{ name: "Stig Berg" }, { name: "Stig Al" }] });
      expect(await page("bench")).toMatchObject({ count: 12, results: [{ name: "Bench 11" }, { name: "Bench 10" }] });
    }
  });

  it("a search first met with more matches than it reads at once is counted and paged in the list's order", async () => {
    const { key } = await app.newKey("demo");
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "plans-3" }) })).status).toBe(201);
    const headers = { "Integration-ID": "plans-3" };
    for (const name of ["Stig Ek", "Stig Al"]) {
      expect((await app.json("/v2/employees/", { method: "POST", key, headers, body: { name, email: "x@example.se", country: "SWE" } })).status).toBe(201);
    }
    // More newer matches of "bench" than a search reads at once (10,000), written set-based.
    const [integration] = await fastSql(app.db).query<{ pk: string }>("select pk from integration where id = $1", ["plans-3"]);
    await fastSql(app.db).query(
      `insert into employee (pk, id, integration_pk, name, country, metadata, created_at, updated_at)
       select gen_random_uuid(), 'bench-' || g, $1::uuid, 'Bench ' || g, 'SWE', '{}', now() + g * interval '1 ms', now()
       from generate_series(1, 10050) g`,
      [integration.pk],
    );
    type Page = { count: number; results: { name: string }[] };
    const page = async (term: string, n = 1) =>
      (await app.json<Page>(`/v2/employees/?search=${encodeURIComponent(term)}&page_size=2&page=${n}`, { key, headers })).body;
    // The first request of each term meets it with nothing remembered; the second uses what the first counted.
    for (let i = 0; i < 2; i++) {
      expect(await page("bench")).toMatchObject({ count: 10050, results: [{ name: "Bench 10050" }, { name: "Bench 10049" }] });
      expect(await page("stig")).toMatchObject({ count: 2, results: [{ name: "Stig Al" }, { name: "Stig Ek" }] });
    }
    expect(await page("ench 1004", 2)).toMatchObject({ count: 11, results: [{ name: "Bench 10047" }, { name: "Bench 10046" }] });
    expect(await page("bench", 3)).toMatchObject({ count: 10050, results: [{ name: "Bench 10046" }, { name: "Bench 10045" }] });
  });
});
