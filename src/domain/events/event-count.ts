/**
 * How many events a scope holds, without reading them: `event_count`, kept by statement triggers on `event`
 * (migration 0037), per scope, type and database backend. Counting the events themselves read every one of the
 * scope's (100,000 of them: a parallel scan per request), which kept GET /v2/events/ at a tenth of the Employee
 * list's throughput.
 */
import type { Db } from "@/db/database";
import { backendGone, executeIn, literalInt, qb, runIn } from "@/db/query-builder";
import type { EventScope } from "./event-list";

/** The scope's events of `types` (all types when none are named), as the triggers counted them. */
export async function countedEvents(db: Db, scope: EventScope, types: readonly string[] | undefined): Promise<number> {
  let query = qb
    .selectFrom("event_count")
    .select((eb) => eb.fn.sum<string | null>("events").as("n"))
    .where("account_pk", "=", scope.accountPk)
    .where("environment", "=", scope.environment)
    .where("scope_pk", "=", scope.integrationPk ?? scope.accountPk);
  if (types?.length) query = query.where("name", "in", types);
  const [row] = await runIn(db, query);
  return Number(row?.n ?? 0);
}

/**
 * Folds the rows of backends that no longer exist into shard 0, so the rows a count sums stay few however many
 * connections came and went. Rows that a backend holds locked are skipped (a new backend may have been given a
 * gone one's process id): the fold never waits on a writer. Answers how many shard-0 rows it wrote.
 */
export async function foldGoneBackends(db: Db): Promise<number> {
  const keys = ["account_pk", "environment", "scope_pk", "name"] as const;
  return executeIn(
    db,
    qb
      .with("gone", (d) =>
        d
          .selectFrom("event_count")
          .select([...keys, "shard"])
          .where("shard", "<>", 0)
          .where((eb) => backendGone(eb.ref("event_count.shard")))
          .forUpdate()
          .skipLocked(),
      )
      .with("moved", (d) =>
        d
          .deleteFrom("event_count")
          .where((eb) =>
            eb(
              eb.refTuple("account_pk", "environment", "scope_pk", "name", "shard"),
              "in",
              eb
                .selectFrom("gone")
                .select([...keys, "shard"])
                .$asTuple("account_pk", "environment", "scope_pk", "name", "shard"),
            ),
          )
          .returning([...keys, "events"]),
      )
      .insertInto("event_count")
      .columns([...keys, "shard", "events"])
      .expression((eb) =>
        eb
          .selectFrom("moved")
          .select([...keys, literalInt(0).as("shard"), (e) => e.fn.sum<string>("events").as("events")])
          .groupBy([...keys])
          // One order of locks for two folds at once (two instances' retention jobs).
          .orderBy("account_pk")
          .orderBy("environment")
          .orderBy("scope_pk")
          .orderBy("name"),
      )
      .onConflict((oc) => oc.columns([...keys, "shard"]).doUpdateSet((eb) => ({ events: eb("event_count.events", "+", eb.ref("excluded.events")) }))),
  );
}
