/**
 * `clockFor`: the one choice of a caller's clock. Live is always the process's clock; an account's demo environment
 * runs `offset_seconds` ahead of it (demo_clock, moved only forward by POST /v2/test_helpers/clock/advance/). Entry
 * points (the /v2/ edge, /api/trpc, the worker's handlers of demo objects) call it once and pass the clock on.
 *
 * The offset is read per request, so it is cached per account for DEMO_CLOCK_CACHE_MS: an advance replaces this
 * process's entry at once, other instances sharing the database see it within that time.
 */
import type { Db } from "@/db/database";
import type { Environment } from "@/domain/environments";
import type { Clock } from "@/domain/shared/clock";
import { clockedDb, unclocked } from "@/db/clock-stamps";

/** How long another instance may keep an account's old offset after an advance. */
export const DEMO_CLOCK_CACHE_MS = 1_000;
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

// Keyed by account pk; `readAt` is monotonic time (performance.now), not the domain's clock: it measures the cache's age.
const cache = new Map<string, { offsetSeconds: number; readAt: number }>();

/** Remembers an account's offset as just written (its advance), so this process's next request reads it. */
export function rememberOffset(accountPk: string, offsetSeconds: number): void {
  cache.set(accountPk, { offsetSeconds, readAt: performance.now() });
}

async function offsetOf(db: Db, accountPk: string): Promise<number> {
  const hit = cache.get(accountPk);
  if (hit && performance.now() - hit.readAt < DEMO_CLOCK_CACHE_MS) return hit.offsetSeconds;
  const row = await db.demoClock.findUnique({ where: { accountPk }, select: { offsetSeconds: true } });
  const offsetSeconds = row?.offsetSeconds ?? 0;
  rememberOffset(accountPk, offsetSeconds);
  return offsetSeconds;
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
