/**
 * Rate limits of the /v2/ API, with rate-limiter-flexible: requests per second per API key (or per
 * dashboard user browsing the API) and per account across its keys, plus a cap on one account's requests
 * in flight on this instance, so that one tenant's flood cannot occupy the database pool. Every answer
 * after authentication carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` (IETF
 * RateLimit header fields draft, seconds); a refusal is `429 {"detail"}` with `Retry-After`.
 *
 * Counters live in memory on the embedded database (one process), in PostgreSQL with DATABASE_URL (so the
 * limits hold across instances), or in Redis with REDIS_URL. With a shared store the API's counters are
 * counted locally and settled in batches (`SettledCounter`), so that an admitted request seldom waits for
 * the store. When the store fails, counting goes on in this process's memory (logged), never a 5xx.
 */
import { createHash } from "node:crypto";
import type http from "node:http";
import { Redis } from "ioredis";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { addRateLimitPoints } from "@/db/rate-limit-counter";
import type { Environment } from "@/domain/environments";
import { t } from "@/i18n/locale";
import { InFlight } from "./in-flight";
import { SettledCounter, type AddPoints, type CountVerdict, type StoredCount } from "./settled-counter";
import type { Logger } from "@/log";
import type { Principal } from "@/trpc/context";
import { jsonResponse, type HttpResponse } from "./respond";

export interface RateLimitSettings {
  /** Requests per second per API key (or per dashboard user), by environment. */
  perKey: Record<Environment, number>;
  /** Requests per second per account, across its keys and users. */
  perAccount: Record<Environment, number>;
  /** One account's requests in flight at once on this instance; more wait in the queue. */
  concurrency: number;
  /** Of those, writes (POST, PUT, PATCH, DELETE); absent: as many as `concurrency`. */
  writeConcurrency?: number;
  /** The share of the time one account's writes may take while other accounts are present; absent: 1 (no rest). */
  writeShare?: number;
  /** While other accounts are present, no write starts while the event loop is busier than this (0–1; absent: 1). */
  loopBusyMax?: number;
  /** How many of one account's requests may wait for a slot; beyond that, 429. */
  queue: number;
  /** The window of the per-key and per-account limits, in seconds (default 1: the limits are per second). */
  windowSeconds?: number;
}

export type RateLimitStore = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool } | { kind: "redis"; client: Redis };

/** The table of RateLimiterPostgres, created by migration 0008 (not at run time). */
const PG_TABLE = "rate_limit_counter";

/** The store for the configuration: Redis with REDIS_URL, else PostgreSQL when there is a pool, else memory. */
export function rateLimitStore(redisUrl: string | undefined, pool: pg.Pool | null): { store: RateLimitStore; ready(): Promise<void>; close(): Promise<void> } {
  const none = async () => undefined;
  if (redisUrl) {
    // As the library's guide advises: no offline queue, so that an unreachable Redis fails at once (and the
    // insurance limiter answers) instead of holding requests; a short command timeout for a hung one.
    const client = new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 });
    client.on("error", () => undefined); // reconnects by itself; failures show as the insurance warning
    // Waits up to 2 s for the first connection, so that a start does not begin on the insurance limiter.
    const ready = () =>
      new Promise<void>((resolve) => {
        if (client.status === "ready") return resolve();
        const timer = setTimeout(resolve, 2000);
        client.once("ready", () => {
          clearTimeout(timer);
          resolve();
        });
      });
    return { store: { kind: "redis", client }, ready, close: async () => void client.disconnect() };
  }
  if (pool) return { store: { kind: "postgres", pool }, ready: none, close: none };
  return { store: { kind: "memory" }, ready: none, close: none };
}

/** Logs at most once a minute that a store failed and memory limits are in force. */
function storeWarning(log: Logger, store: RateLimitStore["kind"]): () => void {
  let last = 0;
  return () => {
    const now = Date.now();
    if (now - last < 60_000) return;
    last = now;
    log.warn({ store }, "rate-limit store unreachable: limits are kept in this process's memory until it answers");
  };
}

/** The library's in-memory insurance limiter, which also says that it is in use. */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    opts: { keyPrefix: string; points: number; duration: number },
    private readonly warn: () => void,
  ) {
    super(opts);
  }
  override consume(key: string | number, points?: number, options?: Record<string, unknown>): Promise<RateLimiterRes> {
    this.warn();
    return super.consume(key, points, options);
  }
  override get(key: string | number, options?: Record<string, unknown>): Promise<RateLimiterRes | null> {
    this.warn();
    return super.get(key, options);
  }
}

/** One limiter of `points` per `duration` seconds on the store; keys of different limiters never collide. */
export function createLimiter(store: RateLimitStore, opts: { keyPrefix: string; points: number; duration: number }, log: Logger): RateLimiterAbstract {
  if (store.kind === "memory") return new RateLimiterMemory(opts);
  const common = {
    ...opts,
    insuranceLimiter: new InsuranceLimiter(opts, storeWarning(log, store.kind)),
    // Once over the limit, a key is refused from memory for the rest of its window: a flood costs no
    // store round trip per request.
    inMemoryBlockOnConsumed: opts.points + 1,
  };
  if (store.kind === "redis") return new RateLimiterRedis({ ...common, storeClient: store.client, rejectIfRedisNotReady: true });
  return new RateLimiterPostgres({ ...common, storeClient: store.pool, tableName: PG_TABLE, tableCreated: true });
}

/** Counts requests per key in fixed windows: what the API's limits need of a store. */
interface Counter {
  readonly points: number;
  /** The verdict on `cost` points, at once when the counter can decide without a store round trip. */
  take(key: string, cost?: number): CountVerdict | Promise<CountVerdict>;
}

/** The library's memory limiter as a Counter: exact, and cheap since it never leaves the process. */
class MemoryCounter implements Counter {
  private readonly limiter: RateLimiterMemory;
  constructor(opts: { keyPrefix: string; points: number; duration: number }) {
    this.limiter = new RateLimiterMemory(opts);
  }
  get points(): number {
    return this.limiter.points;
  }
  async take(key: string, cost = 1): Promise<CountVerdict> {
    try {
      const res = await this.limiter.consume(key, cost);
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (e) {
      if (e instanceof RateLimiterRes) return { allowed: false, remaining: 0, msBeforeNext: e.msBeforeNext };
      throw e;
    }
  }
}

/**
 * Many keys' additions in one statement on the library's table (`addRateLimitPoints`): RateLimiterPostgres
 * sends a statement per key, which a flush of every key seen would multiply. Keys are sorted so that
 * concurrent flushes lock rows in one order.
 */
function postgresAddPoints(pool: pg.Pool, keyPrefix: string, durationMs: number): AddPoints {
  return async (entries) => {
    const sorted = entries.map((e) => ({ key: `${keyPrefix}:${e.key}`, points: e.points })).sort((a, b) => (a.key < b.key ? -1 : 1));
    const now = Date.now();
    const rows = await addRateLimitPoints(
      pool,
      sorted.map((e) => e.key),
      sorted.map((e) => e.points),
      now + durationMs,
      now,
    );
    const out = new Map<string, StoredCount>();
    for (const row of rows) out.set(row.key.slice(keyPrefix.length + 1), { count: row.points, msLeft: Number(row.expire) - now });
    return out;
  };
}

/**
 * Many keys' additions in one script on Redis, with the rule of the library's Redis limiter (a key's window
 * starts at its first addition and ends with the key's expiry), on keys named as the library names them.
 * One call for the whole batch: the library's limiter would run a script per key.
 */
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

function redisAddPoints(client: Redis, keyPrefix: string, durationMs: number): AddPoints {
  return async (entries) => {
    const answer = await runAddPoints(client, [...entries.map((e) => `${keyPrefix}:${e.key}`), durationMs, ...entries.map((e) => e.points)], entries.length);
    if (!Array.isArray(answer) || answer.length !== entries.length * 2) throw new Error("unexpected answer of the rate-limit script");
    return new Map(entries.map((e, i): [string, StoredCount] => [e.key, { count: Number(answer[2 * i]), msLeft: Number(answer[2 * i + 1]) }]));
  };
}

/** A counter of `points` per `duration` seconds: in memory, or settled with the shared store. */
function createCounter(store: RateLimitStore, opts: { keyPrefix: string; points: number; duration: number }, log: Logger): Counter {
  if (store.kind === "memory") return new MemoryCounter(opts);
  const add =
    store.kind === "redis"
      ? redisAddPoints(store.client, opts.keyPrefix, opts.duration * 1000)
      : postgresAddPoints(store.pool, opts.keyPrefix, opts.duration * 1000);
  return new SettledCounter(opts.points, opts.duration, add, storeWarning(log, store.kind));
}

/** A counter's failure: the request goes through rather than fail. */
function letThrough(counter: Counter, log: Logger, e: unknown): CountVerdict {
  log.warn({ err: e }, "rate limiter failed; request let through");
  return { allowed: true, remaining: counter.points, msBeforeNext: 0 };
}

/** A counter's verdict, as soon as there is one (see Counter.take). */
function consume(counter: Counter, key: string, log: Logger, cost = 1): CountVerdict | Promise<CountVerdict> {
  try {
    const verdict = counter.take(key, cost);
    return verdict instanceof Promise ? verdict.catch((e: unknown) => letThrough(counter, log, e)) : verdict;
  } catch (e) {
    return letThrough(counter, log, e);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** What the RateLimit fields say: the policy closest to refusing (the key's or the account's). */
interface Fields {
  limit: number;
  remaining: number;
  msBeforeNext: number;
}

/** Of the key's and the account's verdicts, the one closer to refusing (the key's on a tie). */
function tightest(byKey: CountVerdict, keyLimit: number, byAccount: CountVerdict, accountLimit: number): Fields {
  return byAccount.remaining < byKey.remaining
    ? { limit: accountLimit, remaining: byAccount.remaining, msBeforeNext: byAccount.msBeforeNext }
    : { limit: keyLimit, remaining: byKey.remaining, msBeforeNext: byKey.msBeforeNext };
}

/** The IETF draft's fields, ahead of `rest`. */
function rateLimitHeaders(f: Fields, rest?: Record<string, string>): Record<string, string> {
  return {
    "RateLimit-Limit": String(f.limit),
    "RateLimit-Remaining": String(f.remaining),
    "RateLimit-Reset": String(Math.max(0, Math.ceil(f.msBeforeNext / 1000))),
    ...rest,
  };
}

/** Who a principal's requests count against: the key (or user) and the account (or, for operators, the user). */
function subjects(p: Principal): { key: string; account: string } {
  const key = p.apiKeyPk ? `key:${p.apiKeyPk}` : `user:${p.userId ?? "unknown"}`;
  return { key, account: p.accountPk ? `account:${p.accountPk}` : key };
}

/** An admitted request: the slot it holds (null once freed), whether a write's, and its answer's RateLimit fields. */
interface Admitted extends Fields {
  slot: string | null;
  write: boolean;
  /** When it was admitted (performance.now()): a write's time in flight earns its account's rest. */
  since: number;
}

/** Requests that change something: they take a write slot of the in-flight gate (HEAD and OPTIONS read). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class ApiRateLimiter {
  private readonly perKey: Record<Environment, Counter>;
  private readonly perAccount: Record<Environment, Counter>;
  private readonly inFlight: InFlight;
  private readonly admitted = new WeakMap<http.IncomingMessage, Admitted>();

  constructor(
    settings: RateLimitSettings,
    store: RateLimitStore,
    private readonly log: Logger,
  ) {
    const make = (prefix: string, points: number) => createCounter(store, { keyPrefix: prefix, points, duration: settings.windowSeconds ?? 1 }, log);
    this.perKey = { live: make("api_key_live", settings.perKey.live), demo: make("api_key_demo", settings.perKey.demo) };
    this.perAccount = {
      live: make("api_account_live", settings.perAccount.live),
      demo: make("api_account_demo", settings.perAccount.demo),
    };
    this.inFlight = new InFlight({
      concurrency: settings.concurrency,
      writeConcurrency: settings.writeConcurrency ?? settings.concurrency,
      queue: settings.queue,
      writeShare: settings.writeShare,
      loopBusyMax: settings.loopBusyMax,
    });
  }

  /**
   * A /api/trpc request of `calls` procedure calls (a batch counts each), for every kind of caller: an API key
   * against its key's and its account's limits, as on /v2/; a dashboard person against their own rate (the
   * live key rate, far above what a person clicking sends, so that an account's API traffic never locks its
   * staff out of the dashboard); anyone else against their address, at the same rate.
   */
  async checkTrpc(
    principal: Principal | null,
    address: string,
    calls: number,
  ): Promise<{ refusal: { seconds: number } | null; headers: Record<string, string> }> {
    let fields: Fields;
    let verdicts: CountVerdict[];
    if (principal?.via === "api_key") {
      const { key, account } = subjects(principal);
      const keyCounter = this.perKey[principal.environment];
      const accountCounter = this.perAccount[principal.environment];
      const [byKey, byAccount] = await Promise.all([consume(keyCounter, key, this.log, calls), consume(accountCounter, account, this.log, calls)]);
      fields = tightest(byKey, keyCounter.points, byAccount, accountCounter.points);
      verdicts = [byKey, byAccount];
    } else {
      const counter = this.perKey.live;
      const verdict = await consume(counter, principal ? subjects(principal).key : `address:${address}`, this.log, calls);
      fields = { limit: counter.points, remaining: verdict.remaining, msBeforeNext: verdict.msBeforeNext };
      verdicts = [verdict];
    }
    const refused = verdicts.filter((v) => !v.allowed);
    if (refused.length === 0) return { refusal: null, headers: rateLimitHeaders(fields) };
    const wait = seconds(Math.max(...refused.map((v) => v.msBeforeNext)));
    return { refusal: { seconds: wait }, headers: rateLimitHeaders(fields, { "Retry-After": String(wait) }) };
  }

  /**
   * Admits an authenticated /v2/ request: null when it may go on (holding one of its account's slots until
   * `settle`), or the 429 answer. Counts it against its key and its account. The answer is immediate (no
   * promise) when both counters and the in-flight gate decide at once, as they do for nearly every request;
   * a promise only when a counter asks the store or the request queues for a slot.
   */
  admit(req: http.IncomingMessage, principal: Principal): HttpResponse | null | Promise<HttpResponse | null> {
    const { key, account } = subjects(principal);
    const keyCounter = this.perKey[principal.environment];
    const accountCounter = this.perAccount[principal.environment];
    const byKey = consume(keyCounter, key, this.log);
    const byAccount = consume(accountCounter, account, this.log);
    if (byKey instanceof Promise || byAccount instanceof Promise) {
      return Promise.all([byKey, byAccount]).then(([k, a]) => this.decide(req, account, k, keyCounter.points, a, accountCounter.points));
    }
    return this.decide(req, account, byKey, keyCounter.points, byAccount, accountCounter.points);
  }

  private decide(
    req: http.IncomingMessage,
    slot: string,
    byKey: CountVerdict,
    keyLimit: number,
    byAccount: CountVerdict,
    accountLimit: number,
  ): HttpResponse | null | Promise<HttpResponse | null> {
    const fields = tightest(byKey, keyLimit, byAccount, accountLimit);
    if (!byKey.allowed || !byAccount.allowed) {
      const wait = seconds(Math.max(byKey.allowed ? 0 : byKey.msBeforeNext, byAccount.allowed ? 0 : byAccount.msBeforeNext));
      return jsonResponse(429, { detail: t("rate_limited", { seconds: wait }) }, rateLimitHeaders(fields, { "Retry-After": String(wait) }));
    }
    const write = !READ_METHODS.has(req.method ?? "GET");
    const acquired = this.inFlight.acquire(slot, write);
    if (typeof acquired === "boolean") return this.held(req, slot, write, fields, acquired);
    // A client that hangs up while its request waits leaves the queue at once (its 429 reaches nobody).
    const socket = req.socket;
    const gone = () => acquired.cancel();
    socket.once("close", gone);
    return acquired.granted.then((ok) => {
      socket.off("close", gone);
      return this.held(req, slot, write, fields, ok);
    });
  }

  /** After the in-flight gate: the request holds its slot until `settle`, or the 429 of a full queue. */
  private held(req: http.IncomingMessage, slot: string, write: boolean, fields: Fields, ok: boolean): HttpResponse | null {
    if (!ok) return jsonResponse(429, { detail: t("rate_limited_concurrency") }, rateLimitHeaders(fields, { "Retry-After": "1" }));
    this.admitted.set(req, { slot, write, since: performance.now(), limit: fields.limit, remaining: fields.remaining, msBeforeNext: fields.msBeforeNext });
    return null;
  }

  /** Adds the request's RateLimit fields to its answer and frees its slot (safe to call more than once). */
  settle(req: http.IncomingMessage, response: HttpResponse): HttpResponse {
    const admitted = this.admitted.get(req);
    if (!admitted) return response;
    this.free(admitted);
    return { ...response, headers: rateLimitHeaders(admitted, response.headers) };
  }

  release(req: http.IncomingMessage): void {
    const admitted = this.admitted.get(req);
    if (admitted) this.free(admitted);
  }

  private free(admitted: Admitted): void {
    if (admitted.slot === null) return;
    this.inFlight.release(admitted.slot, admitted.write, admitted.write ? performance.now() - admitted.since : 0);
    admitted.slot = null;
  }
}
