/**
 * Typed SQL (src/db/query-builder.ts) on a real database: the list filters have one implementation, rendered
 * for Prisma and for the direct queries, and both renderings select the same rows; a Statement's CTEs (a
 * SELECT, an INSERT reading it) run as one statement through the direct driver and through a Prisma transaction.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { compiledOnce, placeholder, qb, runQuery, sqlIn, Statement, typed, unnestAs } from "@/db/query-builder";
import { nullableTimestampWhere, timestampConditions, timestampFilterShape, timestampWhere } from "@/domain/shared/timestamp-filters";
import { z } from "zod";

let db: Database;
const integrationPk = crypto.randomUUID();
const ZQuery = z.object(timestampFilterShape(["notified_at", "created_at"]));

beforeAll(async () => {
  db = await openDatabase({ driver: "pglite", dataDir: "memory://", command: "test" });
  const sql = fastSql(db.prisma);
  const accountPk = crypto.randomUUID();
  await runQuery(sql, qb.insertInto("account").values({ pk: accountPk, name: "typed-sql" }));
  await runQuery(
    sql,
    qb.insertInto("integration").values({
      pk: integrationPk,
      id: "i",
      account_pk: accountPk,
      environment: "demo",
      type: 3,
      name: "n",
      email: "ap@x.example",
      recipient: "R AB",
      address_line_1: "Gatan 1",
      zip_code: "111",
      city: "Sthlm",
      updated_at: new Date(),
    }),
  );
  const notified = [null, "2026-01-01T00:00:00Z", "2026-01-01T12:00:00Z", "2026-01-02T00:00:00Z", "2026-03-01T00:00:00Z"];
  for (const [i, at] of notified.entries()) {
    await runQuery(
      sql,
      qb.insertInto("employee").values({
        pk: crypto.randomUUID(),
        id: `e${i}`,
        integration_pk: integrationPk,
        name: `E ${i}`,
        country: "SWE",
        notified_at: at,
        created_at: `2026-0${i + 1}-15T00:00:00Z`,
        updated_at: new Date(),
      }),
    );
  }
}, 120_000); // migrations on a fresh embedded database
afterAll(() => db?.close());

it.each([
  {},
  { notified_at: "2026-01-01" },
  { notified_at: "2026-01-01T12:00:00Z" },
  { notified_at_null: "true" },
  { notified_at_null: "false" },
  { notified_at_null: "true", notified_at_after: "2026-01-01" },
  { notified_at_before: "2026-01-02", notified_at_after: "2026-01-01T00:00:00Z" },
  { notified_at: "2026-01-01", notified_at_before: "2026-01-01T06:00:00Z" },
  { created_at_null: "true" },
  { created_at_after: "2026-02-01", created_at_before: "2026-04-30" },
])("filter %j selects the same Employees through Prisma and through the direct query", async (raw) => {
  const q = ZQuery.parse(raw);
  const notified = nullableTimestampWhere(q, "notified_at");
  const created = timestampWhere(q, "created_at");
  const viaPrisma = await db.prisma.employee.findMany({
    where: { integrationPk, notifiedAt: notified, createdAt: created },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  const direct = await runQuery(
    fastSql(db.prisma),
    qb
      .selectFrom("employee")
      .select("id")
      .where((eb) =>
        eb.and([
          eb("integration_pk", "=", integrationPk),
          ...timestampConditions(eb, "notified_at", notified),
          ...timestampConditions(eb, "created_at", created),
        ]),
      )
      .orderBy("id"),
  );
  expect(direct.map((r) => r.id)).toEqual(viaPrisma.map((r) => r.id));
});

it("runs a Statement of CTEs (a SELECT read by an INSERT) directly and inside a Prisma transaction", async () => {
  function build() {
    const statement = new Statement();
    const employees = statement.with(
      qb.selectFrom("employee").select(["pk", "id"]).where("integration_pk", "=", typed(integrationPk, "uuid")).where("id", "=", "e1"),
    );
    const jobs = statement.with(
      qb
        .insertInto("outbox_job")
        .columns(["pk", "kind", "payload"])
        .expression(
          qb
            .selectFrom(employees.as("e"))
            .select((eb) => [
              eb.fn<string>("gen_random_uuid").as("pk"),
              typed("typed-sql.test", "text").as("kind"),
              eb.fn("jsonb_build_object", [typed("id", "text"), eb.ref("e.id")]).as("payload"),
            ]),
        )
        .returning(["kind", "payload"]),
    );
    return { statement, jobs };
  }
  const direct = build();
  expect(await direct.statement.run(fastSql(db.prisma), qb.selectFrom(direct.jobs.as("j")).selectAll("j"))).toEqual([
    { kind: "typed-sql.test", payload: { id: "e1" } },
  ]);
  const inTx = build();
  const rows = await db.prisma.$transaction((tx) => inTx.statement.run(sqlIn(tx), qb.selectFrom(inTx.jobs.as("j")).select("j.kind")));
  expect(rows).toEqual([{ kind: "typed-sql.test" }]);
});

it("a statement compiled once takes its values as placeholders, and refuses a value given to the builder", async () => {
  const rows = compiledOnce(
    qb
      .selectFrom(unnestAs<{ k: string; n: number }, "t">("t", { k: placeholder(1, "text[]"), n: placeholder(2, "int[]") }))
      .select(["t.k", "t.n"])
      .where("t.n", ">", placeholder<number>(3, "int")),
  );
  expect(rows.parameters).toEqual([]);
  expect(await sqlIn(db.prisma).query(rows.sql, [["a", "b", "c"], [1, 2, 3], 1])).toEqual([
    { k: "b", n: 2 },
    { k: "c", n: 3 },
  ]);
  expect(() => compiledOnce(qb.selectFrom("account").select("pk").where("name", "=", "fixed"))).toThrow(/placeholders/);
});
