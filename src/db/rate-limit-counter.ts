/**
 * The API rate limiter's batched addition (src/http/rate-limit.ts) on RateLimiterPostgres's table
 * `rate_limit_counter` (migration 0008): many keys in one statement, with the library's upsert rule (a row
 * whose window has ended starts again from the added points). It runs on every flush of the hot path, so it
 * is compiled once, here at module load, and sent as a named prepared statement.
 */
import type { InferResult } from "kysely";
import type pg from "pg";
import { compiledOnce, placeholder, qb, unnestAs } from "./query-builder";

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
    name: "rate-limit-add-points",
    text: ADD_POINTS.sql,
    values: [keys, points, expire, at],
  });
  return rows;
}
