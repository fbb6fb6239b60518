/**
 * The rate limiter's own CPU time per request, in this process: what the /v2/ edge calls for each request
 * (admit, settle, release) and the three RateLimit headers set on a response, against the same loop without
 * a limiter, 16 requests in flight, with counters in memory, PostgreSQL and Redis (the real stores, so that
 * store round trips and settling batches are counted). A shared machine moves a server's req/s by more than
 * the limiter costs; one process's CPU time for a fixed piece of work moves far less. The limits are set
 * high so that nothing is refused: every request pays both counters and the in-flight gate. What this leaves
 * out is the store calls, which do not grow with requests: per second, one per key seen and one per account
 * (the window's first request) and 20 settling batches.
 */
import http from "node:http";
import net from "node:net";
import { Redis } from "ioredis";
import pg from "pg";
import { postgresCounters, redisCounters, type RateLimitStore } from "../../src/http/limit-stores";
import { ApiRateLimiter } from "../../src/http/rate-limit";
import type { HttpResponse } from "../../src/http/respond";
import { createLogger } from "../../src/log";
import type { Principal } from "../../src/trpc/context";

const KEYS = 64;
const IN_FLIGHT = 16;

/** CPU µs per request of `n` requests through `limiter` (or none), yielding to the event loop as a server does. */
async function cpuPerRequest(limiter: ApiRateLimiter | null, n: number): Promise<number> {
  const principals: Principal[] = Array.from({ length: KEYS }, (_, i) => ({
    via: "api_key",
    accountPk: "bench",
    environment: "demo",
    role: "client",
    apiKeyPk: `key${i}`,
  }));
  const answer: HttpResponse = { status: 200, headers: { "Content-Type": "application/json" }, body: "{}" };
  const socket = new net.Socket();
  const res = new http.ServerResponse(new http.IncomingMessage(socket));
  let next = 0;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < n) {
        const i = next++;
        const req = new http.IncomingMessage(socket);
        let response = answer;
        if (limiter) {
          const refusal = await limiter.admit(req, principals[i % KEYS]);
          if (refusal) throw new Error(`refused: ${refusal.status}`);
          response = limiter.settle(req, answer);
          limiter.release(req);
        } else await Promise.resolve(); // the one microtask of awaiting admit()
        for (const [k, v] of Object.entries(response.headers)) res.setHeader(k, v);
        if (i % IN_FLIGHT === 0) await new Promise((r) => setImmediate(r));
      }
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / n;
}

export interface LimiterCpu {
  store: string;
  /** Median over the rounds of the limiter's CPU per request (µs), the loop without a limiter subtracted. */
  us: number;
}

export async function limiterCpu(pgUrl: string, redisUrl: string | null, rounds: number, n = 100_000): Promise<LimiterCpu[]> {
  const log = createLogger("warn");
  const settings = { perKey: { live: 1e9, demo: 1e9 }, perAccount: { live: 1e9, demo: 1e9 }, concurrency: 8, queue: 64 };
  const pool = new pg.Pool({ connectionString: pgUrl, max: 4 });
  const redis = redisUrl ? new Redis(redisUrl, { enableOfflineQueue: false, commandTimeout: 500, maxRetriesPerRequest: 1 }) : null;
  redis?.on("error", () => undefined);
  try {
    if (redis) await new Promise((resolve) => redis.once("ready", resolve));
    const stores: [string, RateLimitStore][] = [
      ["memory", { kind: "memory", counters: null }],
      ["PostgreSQL", { kind: "postgres", counters: postgresCounters(pool) }],
    ];
    if (redis) stores.push(["Redis", { kind: "redis", counters: redisCounters(redis) }]);
    await cpuPerRequest(null, n); // warm-up
    const samples = new Map<string, number[]>(stores.map(([name]) => [name, []]));
    for (let round = 0; round < rounds; round++) {
      const base = await cpuPerRequest(null, n);
      for (const [name, store] of stores) samples.get(name)?.push((await cpuPerRequest(new ApiRateLimiter(settings, store, log), n)) - base);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return [...samples].map(([store, xs]) => ({ store, us: median(xs) }));
  } finally {
    // The limiters' last settling batches (every 50 ms) go out before the store connections close.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.end();
    redis?.disconnect();
  }
}
