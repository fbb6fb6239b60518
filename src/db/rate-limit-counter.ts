/**
 * The rate limits' counters in PostgreSQL (src/http/limit-stores.ts), the table `rate_limit_counter` of
 * migration 0008 (the layout of rate-limiter-flexible's RateLimiterPostgres, which kept them before): a batched
 * addition of many keys in one statement (a row whose window has ended starts again from the added points),
 * removing a key, and sweeping rows long expired. The addition runs on every flush of the hot path, so it is
 * compiled once, here at module load, and sent as a named prepared statement.
 */
import { statementNameOn } from "./fast-sql";
import type { InferResult } from "kysely";
import type pg from "pg";
import { compiledOnce, pgRunner, placeholder, qb, runQuery, unnestAs } from "./query-builder";

/** $1 keys, $2 points (the batch), $3 the window end of a new row, $4 now (ms since the epoch). */
const now = placeholder<string>(4, "bigint");
const addPoints = qb
  .insertInto("rate_limit_counter")
  .columns(["key", "points", "expire"])
  .expression(
    qb
      .selectFrom(unnestAs<{ k: string; p: number }, "t">("t", { k: placeholder(1, "text[]"), p: placeholder(2, "int[]") }))
      .select(["t.k", "t.p", placeholder<string>(3, "bigint").as("e")]),
  )
  .onConflict((oc) =>
    oc.column("key").doUpdateSet((eb) => {
      const ended = eb("rate_limit_counter.expire", "<=", now);
      return {
        points: eb
          .case()
          .when(ended)
          .then(eb.ref("excluded.points"))
          .else(eb("rate_limit_counter.points", "+", eb.ref("excluded.points")))
          .end(),
        expire: eb.case().when(ended).then(eb.ref("excluded.expire")).else(eb.ref("rate_limit_counter.expire")).end(),
      };
    }),
  )
  .returning(["key", "points", "expire"]);
const ADD_POINTS = compiledOnce(addPoints);

/**
 * Adds `points[i]` to `keys[i]` (sorted by the caller, so that concurrent flushes lock rows in one order); a
 * new or ended window ends at `expire` (ms since the epoch). Answers each key's count and window end.
 */
export async function addRateLimitPoints(pool: pg.Pool, keys: string[], points: number[], expire: number, at: number): Promise<InferResult<typeof addPoints>> {
  const { rows } = await pool.query<InferResult<typeof addPoints>[number]>({
    name: statementNameOn(pool, "rate-limit-add-points"),
    text: ADD_POINTS.sql,
    values: [keys, points, expire, at],
  });
  return rows;
}

/** Forgets `key`'s counter (a successful sign-in clears its email's failures). */
export async function removeRateLimitCounter(pool: pg.Pool, key: string): Promise<void> {
  await runQuery(pgRunner(pool), qb.deleteFrom("rate_limit_counter").where("key", "=", key));
}

/** Deletes the rows whose window ended before `before` (ms since the epoch): keys seen once (an email, an address) leave no row behind. */
export async function sweepRateLimitCounters(pool: pg.Pool, before: number): Promise<void> {
  await runQuery(pgRunner(pool), qb.deleteFrom("rate_limit_counter").where("expire", "<", String(before)));
}
