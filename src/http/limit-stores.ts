/**
 * Where the rate limits' counters are kept: in memory on the embedded database (one process), in PostgreSQL
 * with DATABASE_URL (so the limits hold across instances), or in Redis with REDIS_URL. A store only adds to
 * many keys' counts at once and removes a key; the counting itself is `WindowLimiter`'s, the same for all.
 *
 * The keys and the window rule are rate-limiter-flexible's (a key's window starts at its first addition and
 * ends with its expiry; PostgreSQL's table is its RateLimiterPostgres layout, Redis keys are `prefix:key`), which
 * kept these counters before: ours sends many keys in one round trip, where the library sends one per key.
 */
import { createHash } from "node:crypto";
import { Redis } from "ioredis";
import type pg from "pg";
import { addRateLimitPoints, removeRateLimitCounter, sweepRateLimitCounters } from "@/db/rate-limit-counter";
import type { Logger } from "@/log";
import type { Limiter } from "./limiter";
import { WindowLimiter, type CounterStore, type StoredCount } from "./window-limiter";

export interface RateLimitStore {
  kind: "memory" | "postgres" | "redis";
  /** Null: each process counts in its own memory. */
  counters: CounterStore | null;
}

/** One window's points for a key, and which keys: `prefix` keeps limiters apart. */
export interface LimitOptions {
  prefix: string;
  points: number;
  windowSeconds: number;
  /** The part of the limit an instance may admit before asking the store (see WindowLimiter); 0: every take asks. */
  localShare?: number;
}

/** A limiter on `store`; a failing store is logged at most once a minute while memory counts in its place. */
export function createLimiter(store: RateLimitStore, opts: LimitOptions, log: Logger): Limiter {
  let last = 0;
  const onStoreError = () => {
    // Wall-clock on purpose: the counters' windows are real time, whatever clock a caller's account runs on.
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn({ store: store.kind }, "rate-limit store unreachable: limits are kept in this process's memory until it answers");
  };
  return new WindowLimiter({ ...opts, store: store.counters, onStoreError });
}

/** How long a row outlives its window before the sweep deletes it, and how often the sweep runs (as the library did). */
const SWEEP_AFTER_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 5 * 60_000;

/** The store for the configuration: Redis with REDIS_URL, else PostgreSQL when there is a pool, else memory. */
export function rateLimitStore(redisUrl: string | undefined, pool: pg.Pool | null): { store: RateLimitStore; ready(): Promise<void>; close(): Promise<void> } {
  if (redisUrl) {
    // No offline queue, so that an unreachable Redis fails at once (and memory counts) instead of holding
    // requests; a short command timeout for a hung one.
    const client = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 });
    client.on("error", () => undefined); // reconnects by itself; failures show as the store warning
    // Waits up to 2 s for the first connection, so that a start does not begin counting in memory.
    const ready = () =>
      new Promise<void>((resolve) => {
        if (client.status === "ready") return resolve();
        const timer = setTimeout(resolve, 2000);
        client.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    return { store: { kind: "redis", counters: redisCounters(client) }, ready, close: async () => void client.disconnect() };
  }
  if (pool) {
    // Keys seen once (an email, an address) would otherwise leave their rows for good.
    const sweep = setInterval(() => void sweepRateLimitCounters(pool, Date.now() - SWEEP_AFTER_MS).catch(() => undefined), SWEEP_EVERY_MS);
    sweep.unref();
    return { store: { kind: "postgres", counters: postgresCounters(pool) }, ready: async () => undefined, close: async () => clearInterval(sweep) };
  }
  return { store: { kind: "memory", counters: null }, ready: async () => undefined, close: async () => undefined };
}

/** Many keys' additions in one statement (`addRateLimitPoints`); keys sorted, so that concurrent flushes lock rows in one order. */
export function postgresCounters(pool: pg.Pool): CounterStore {
  return {
    add: async (entries, windowMs) => {
      const sorted = [...entries].sort((a, b) => (a.key < b.key ? -1 : 1));
      const now = Date.now();
      const rows = await addRateLimitPoints(
        pool,
        sorted.map((e) => e.key),
        sorted.map((e) => e.points),
        now + windowMs,
        now,
      );
      return new Map(rows.map((row): [string, StoredCount] => [row.key, { count: row.points, msLeft: Number(row.expire) - now }]));
    },
    remove: (key) => removeRateLimitCounter(pool, key),
  };
}

/** Many keys' additions in one script: each key's count after it, and the time left of its window. */
const REDIS_ADD_POINTS = `
local out = {}
for i = 1, #KEYS do
  local count = redis.call('incrby', KEYS[i], ARGV[i + 1])
  local ttl = redis.call('pttl', KEYS[i])
  if ttl < 0 then
    redis.call('pexpire', KEYS[i], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[2 * i - 1] = count
  out[2 * i] = ttl
end
return out`;

const REDIS_ADD_POINTS_SHA = createHash("sha1").update(REDIS_ADD_POINTS).digest("hex");

/** Runs the script by its digest (Redis keeps it after the first EVAL), sending its text only when Redis lacks it. */
async function runAddPoints(client: Redis, args: (string | number)[], keys: number): Promise<unknown> {
  try {
    return await client.evalsha(REDIS_ADD_POINTS_SHA, keys, ...args);
  } catch (e) {
    if (e instanceof Error && e.message.startsWith("NOSCRIPT")) return client.eval(REDIS_ADD_POINTS, keys, ...args);
    throw e;
  }
}

export function redisCounters(client: Redis): CounterStore {
  return {
    add: async (entries, windowMs) => {
      const answer = await runAddPoints(client, [...entries.map((e) => e.key), windowMs, ...entries.map((e) => e.points)], entries.length);
      if (!Array.isArray(answer) || answer.length !== entries.length * 2) throw new Error("unexpected answer of the rate-limit script");
      return new Map(entries.map((e, i): [string, StoredCount] => [e.key, { count: Number(answer[2 * i]), msLeft: Number(answer[2 * i + 1]) }]));
    },
    remove: async (key) => void (await client.del(key)),
  };
}
