/**
 * `clockFor`: the one choice of a caller's clock. Live is always the process's clock; an account's demo environment
 * runs `offset_seconds` ahead of it (demo_clock, moved only forward by POST /v2/test_helpers/clock/advance/). Entry
 * points (the /v2/ edge, /api/trpc, the worker's handlers of demo objects) call it once and pass the clock on.
 *
 * An advance counts from the moment it answers, on every instance: a script may advance through one instance and at
 * once call another. Reading the offset on every demo request would cost each one a round trip, so each process
 * remembers the offsets it read and forgets them all when it hears an advance's notification (sent in the advance's
 * transaction, so delivered to every instance's listener at its commit; the listener is also called when
 * notifications may have been missed, e.g. after its connection was lost). The advance answers only once its own
 * process has heard it: by then PostgreSQL has usually delivered it to every listening instance too. Not always: each
 * instance's listening backend delivers it when it next runs, and on a loaded machine CI once saw the other instance
 * answer a request with the old offset after the advance had answered (29 November; docs/performance.md, "What is
 * next"). On the embedded database this process is the only writer and hears it before the write returns.
 */
import type { Db } from "@/db/database";
import type { Environment } from "@/domain/environments";
import type { Clock } from "@/domain/shared/clock";
import { clockedDb, unclocked } from "@/db/clock-stamps";
import { fastSql } from "@/db/fast-sql";
import { notifiedMemos } from "@/db/notified-memo";
import { compiledOnce, placeholder, qb, runCompiled } from "@/db/query-builder";

/** Notified by every advance, in its transaction (demo-clock-service.ts). */
export const DEMO_CLOCK_CHANNEL = "demo_clock_advanced";
const SECOND_MS = 1_000;

/** The base clock moved `offsetSeconds` ahead; it keeps both, so the demo clock's reading can name its offset. */
export class OffsetClock implements Clock {
  constructor(
    readonly base: Clock,
    readonly offsetSeconds: number,
  ) {}

  now(): Date {
    return new Date(this.base.now().getTime() + this.offsetSeconds * SECOND_MS);
  }
}

/** A clock's real base and its offset (0 for a clock that is not an account's demo clock). */
export function clockParts(clock: Clock): { base: Clock; offsetSeconds: number } {
  return clock instanceof OffsetClock ? { base: clock.base, offsetSeconds: clock.offsetSeconds } : { base: clock, offsetSeconds: 0 };
}

const READ_OFFSET = compiledOnce(qb.selectFrom("demo_clock").select("offset_seconds").where("account_pk", "=", placeholder<string>(1, "uuid")));

/** How long an advance waits to hear its own notification before answering anyway (a listener reconnecting). */
const HEAR_WITHIN_MS = 2_000;
const offsets = notifiedMemos<number>(DEMO_CLOCK_CHANNEL);

async function offsetOf(db: Db, accountPk: string): Promise<number> {
  const sql = fastSql(db);
  const read = async () => (await runCompiled(sql, READ_OFFSET, [accountPk]))[0]?.offset_seconds ?? 0;
  if (!sql.listen) return read();
  return (await offsets.of(sql, sql.listen)).get(accountPk, read);
}

/**
 * For an advance, called before its transaction: resolves once this process has heard the next advance's
 * notification (its own, at its commit) and forgotten the offsets it remembered, or after HEAR_WITHIN_MS. In a
 * request's transaction (an Idempotency-Key) the advance commits with the request, after the service returns:
 * there the wait is the request's, after its commit and before its answer, and the function returned resolves at once.
 */
export async function nextAdvanceHeard(db: Db): Promise<() => Promise<void>> {
  const sql = fastSql(db);
  const own = sql.committing?.root ?? sql;
  if (!own.listen) return async () => {};
  const heard = (await offsets.of(own, own.listen)).nextNotification(HEAR_WITHIN_MS);
  if (!sql.committing) return heard;
  sql.committing.afterCommit(heard);
  return async () => {};
}

/**
 * The real time of a caller on `clock`, for the records of what people did and when (the audit log; the request
 * log is stamped by the edge's own clock): they are read beside each other across environments, listed newest
 * first and kept for days of real time, so a demo account's act is recorded when it happened, not at its demo time.
 */
export function realNow(clock: Clock): Date {
  return clockParts(clock).base.now();
}

/** The clock of `accountPk`'s `environment`: `base` for live (and for callers of no account), its demo clock for demo. */
export async function clockFor(db: Db, base: Clock, accountPk: string | null, environment: Environment): Promise<Clock> {
  if (environment !== "demo" || accountPk === null) return base;
  const offsetSeconds = await offsetOf(db, accountPk);
  return offsetSeconds === 0 ? base : new OffsetClock(base, offsetSeconds);
}

/**
 * The client a caller on `clock` writes through: for a demo clock ahead of the real one, rows' own timestamps
 * (created_at, updated_at, ...) take its time (clock-stamps.ts); otherwise `db` itself, whose defaults are real time.
 */
export function dbFor(db: Db, clock: Clock): Db {
  return clock instanceof OffsetClock ? clockedDb(db, clock) : db;
}

/**
 * A caller's real time and plain client, whatever environment it is in: for the account's own things (its team,
 * keys, settings, a person's sessions), which are no environment's objects. A dashboard session in the demo view
 * (the default) is given the demo clock; an invitation it sends must still expire by the real time the accepting
 * page reads, and a person's sessions are listed by it.
 */
export function realTimeOf(ctx: { db: Db; clock: Clock }): { db: Db; clock: Clock } {
  return { db: unclocked(ctx.db), clock: clockParts(ctx.clock).base };
}
