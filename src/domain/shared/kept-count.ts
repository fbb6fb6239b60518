/**
 * Counts of the tables that grow with traffic, without reading their rows: `kept_count` (migration 0038), kept by
 * statement triggers (one static function per table and operation, 0039) on `event`, `webhook_delivery`,
 * `audit_record` and `employee` (a million in one
 * Integration, filtered by created_at), per scope, keys (what their
 * lists filter by), time bucket and database backend. A list's count sums its rows: over all time, one row per key
 * and backend; over a time range, the buckets the range covers whole, plus the rows of the two partial buckets at
 * its ends counted from the table (at most a bucket's worth each). So a count costs the same at one day's traffic
 * as at the whole retention window, and stays exact for every filter the keys and the time cover.
 */
import type { Db } from "@/db/database";
import { ALL_TIME, executeIn, literalInt, literalName, qb, runQuery, type SqlRunner, type Tables } from "@/db/query-builder";
import type { TimestampFilter } from "@/domain/shared/timestamp-filters";
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";

const HOUR_MS = 60 * 60 * 1000;

/** The counted tables and their bucket width: as the migration's triggers bin their time column. */
export const KEPT_BUCKET_MS = { event: HOUR_MS, webhook_delivery: HOUR_MS, audit_record: 24 * HOUR_MS, employee: 24 * HOUR_MS } as const;
export type Counted = keyof typeof KEPT_BUCKET_MS;

/** The rows of one count: its scope and keys, as conditions on `kept_count`. */
export type KeptMatch = (eb: ExpressionBuilder<Tables, "kept_count">) => Expression<SqlBool>;

/** Counts the table's rows that the list's filters match with `created` narrowed to a range (a partial bucket). */
export type CountRows = (created: TimestampFilter) => Promise<number>;

/** The buckets wholly inside `r`: [from, to), either end open. */
function wholeBuckets(r: TimestampFilter, width: number): { from?: Date; to?: Date } {
  const from =
    r.gte !== undefined ? Math.ceil(r.gte.getTime() / width) * width : r.gt !== undefined ? Math.floor(r.gt.getTime() / width) * width + width : undefined;
  const upper = r.lt ?? r.lte;
  const to = upper !== undefined ? Math.floor(upper.getTime() / width) * width : undefined;
  return { from: from === undefined ? undefined : new Date(from), to: to === undefined ? undefined : new Date(to) };
}

/** The sum of `match`'s rows of `counted` in `buckets` (all time: the -infinity rows), as a query of one row `n`. */
export function keptSum(counted: Counted, match: KeptMatch, buckets: { from?: Date; to?: Date } | "all" = "all") {
  return qb
    .selectFrom("kept_count")
    .select((eb) => eb.fn.sum<string | null>("n").as("n"))
    .where("counted", "=", literalName(counted))
    .where((eb) => {
      if (buckets === "all") return eb.and([match(eb), eb("bucket", "=", ALL_TIME)]);
      const { from, to } = buckets;
      return eb.and([
        match(eb),
        from === undefined ? eb("bucket", ">", ALL_TIME) : eb("bucket", ">=", from),
        ...(to === undefined ? [] : [eb("bucket", "<", to)]),
      ]);
    });
}

async function sumKept(sqlRunner: SqlRunner, counted: Counted, match: KeptMatch, buckets: { from?: Date; to?: Date } | "all"): Promise<number> {
  const [row] = await runQuery(sqlRunner, keptSum(counted, match, buckets));
  return Number(row?.n ?? 0);
}

/**
 * How many rows of `counted` match: those `match` selects in `kept_count` within `created` (all time when
 * undefined). The ends of a range that cut a bucket are counted by `countRows` over the rows themselves.
 */
export async function keptCount(
  sqlRunner: SqlRunner,
  counted: Counted,
  match: KeptMatch,
  created: TimestampFilter | undefined,
  countRows: CountRows,
): Promise<number> {
  if (created === undefined) return sumKept(sqlRunner, counted, match, "all");
  if (created.in) return 0;
  if (created.equals !== undefined) return countRows(created);
  const { from, to } = wholeBuckets(created, KEPT_BUCKET_MS[counted]);
  if (from !== undefined && to !== undefined && from >= to) return countRows(created);
  const lower = created.gte !== undefined ? { gte: created.gte } : created.gt !== undefined ? { gt: created.gt } : undefined;
  const upper = created.lt !== undefined ? { lt: created.lt } : created.lte !== undefined ? { lte: created.lte } : undefined;
  const counts = await Promise.all([
    sumKept(sqlRunner, counted, match, { from, to }),
    lower && from ? countRows({ ...lower, lt: from }) : 0,
    upper && to ? countRows({ gte: to, ...upper }) : 0,
  ]);
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Folds every backend's rows into shard 0 and drops the rows that came to nothing (a bucket whose rows the retention
 * job removed), so a count sums few rows however many connections came and went. Run by the retention job. Rows a
 * writer holds locked (its transaction still open) are skipped, so the fold never waits on a writer; a writer that
 * meets a row the fold is moving waits for the fold's short statement, then writes a new one. Only folds write shard
 * 0, and they lock its rows in one order, so two at once (two instances' jobs) cannot deadlock. Answers how many
 * shard-0 rows the fold wrote.
 */
export async function foldKeptCounts(db: Db): Promise<number> {
  const keys = ["counted", "scope", "bucket", "k1", "k2", "k3"] as const;
  const written = await executeIn(
    db,
    qb
      .with("taken", (d) =>
        d
          .selectFrom("kept_count")
          .select([...keys, "shard"])
          .where("shard", "<>", 0)
          .forUpdate()
          .skipLocked(),
      )
      .with("moved", (d) =>
        d
          .deleteFrom("kept_count")
          .using("taken")
          .where((eb) => eb.and([...keys, "shard" as const].map((k) => eb(eb.ref(`kept_count.${k}`), "=", eb.ref(`taken.${k}`)))))
          .returning([...keys.map((k) => `kept_count.${k}` as const), "kept_count.n"]),
      )
      .insertInto("kept_count")
      .columns([...keys, "shard", "n"])
      .expression((eb) =>
        eb
          .selectFrom("moved")
          .select([...keys, literalInt(0).as("shard"), (e) => e.fn.sum<string>("n").as("n")])
          .groupBy([...keys])
          .orderBy("counted")
          .orderBy("scope")
          .orderBy("bucket")
          .orderBy("k1")
          .orderBy("k2")
          .orderBy("k3"),
      )
      .onConflict((oc) => oc.columns([...keys, "shard"]).doUpdateSet((eb) => ({ n: eb("kept_count.n", "+", eb.ref("excluded.n")) }))),
  );
  await executeIn(db, qb.deleteFrom("kept_count").where("shard", "=", 0).where("n", "=", "0"));
  return written;
}
