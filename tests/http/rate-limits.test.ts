/**
 * Rate limits of /v2/ (issue 11, point 5): per API key and per account, 429 with Retry-After and the
 * RateLimit-* fields, fairness between accounts, shared across instances on PostgreSQL and in Redis.
 * Windows are 60 s here (1 s in production) so that no assertion depends on the machine's speed.
 */
import http from "node:http";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALONE_FACTOR } from "@/http/in-flight";
import type { RateLimitSettings } from "@/http/rate-limit";
import { createUser } from "@/auth/auth";
import { sweepRateLimitCounters } from "@/db/rate-limit-counter";
import { TRPC_MAX_BATCH_SIZE } from "@/trpc/batch-limit";
import { integrationBody, startTestApp, TEST_DB, trpc, type TestApp } from "../support/test-app";

const SMALL: RateLimitSettings = {
  perKey: { live: 10, demo: 5 },
  perAccount: { live: 20, demo: 8 },
  concurrency: 8,
  queue: 64,
  windowSeconds: 60,
};

function limitFields(headers: Headers) {
  return {
    limit: headers.get("ratelimit-limit"),
    remaining: headers.get("ratelimit-remaining"),
    reset: Number(headers.get("ratelimit-reset")),
  };
}

/** Waits (up to 5 s) for a condition that the code under test makes true on its own. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met within 5 s");
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function statuses(app: { api: TestApp["api"] }, key: string, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await app.api("/v2/integrations/", { key });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

describe(`rate limits on /v2/ (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ rateLimits: SMALL });
  });
  afterAll(() => app.close());

  it("answers 429 with Retry-After and the RateLimit fields once a key is over its limit", async () => {
    const { key } = await app.newKey("demo");
    for (let i = 1; i <= 5; i++) {
      const res = await app.api("/v2/integrations/", { key });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const fields = limitFields(res.headers);
      expect(fields.limit).toBe("5");
      expect(fields.remaining).toBe(String(5 - i));
      expect(fields.reset).toBeGreaterThan(0);
      expect(fields.reset).toBeLessThanOrEqual(60);
    }
    const refused = await app.api("/v2/integrations/", { key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toMatch(/^application\/json/);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limitFields(refused.headers)).toMatchObject({ limit: "5", remaining: "0" });
    expect(await refused.json()).toEqual({ detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });

    const swedish = await app.json("/v2/integrations/", { key, headers: { "Accept-Language": "sv" } });
    expect(swedish.status).toBe(429);
    expect(swedish.body.detail).toMatch(/^Förfrågan begränsades\. Försök igen om \d+ sekunder\.$/);
  });

  it("sends the RateLimit fields on every answer after authentication, errors and creates included", async () => {
    const { key } = await app.newKey("live");
    const missing = await app.api("/v2/integrations/nope/", { key });
    expect(missing.status).toBe(404);
    expect(limitFields(missing.headers)).toMatchObject({ limit: "10", remaining: "9" });
    const created = await app.api("/v2/integrations/", { key, method: "POST", body: integrationBody() });
    expect(created.status).toBe(201);
    expect(limitFields(created.headers)).toMatchObject({ limit: "10", remaining: "8" });
    // No key, no counting: a 401 says nothing about anyone's budget.
    const anonymous = await app.api("/v2/integrations/");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("ratelimit-limit")).toBeNull();
  });

  it("keeps keys apart: one key over its limit does not limit another", async () => {
    const a = await app.newKey("demo");
    const b = await app.newKey("demo");
    expect(await statuses(app, a.key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(app, b.key, 5)).toEqual([200, 200, 200, 200, 200]);
  });

  it("limits an account across its keys", async () => {
    const first = await app.newKey("demo");
    const second = await app.newKey("demo", { account: first.account });
    expect(await statuses(app, first.key, 5)).toEqual([200, 200, 200, 200, 200]);
    // The account allows 8: the second key has 5 of its own but only 3 of the account's left.
    const res = await statuses(app, second.key, 4);
    expect(res).toEqual([200, 200, 200, 429]);
    const refused = await app.api("/v2/integrations/", { key: second.key });
    expect(refused.status).toBe(429);
    expect(limitFields(refused.headers).remaining).toBe("0");
    // Another environment of the same account has its own budget.
    const live = await app.newKey("live", { account: first.account });
    expect(await statuses(app, live.key, 1)).toEqual([200]);
  });

  it("limits a dashboard user's tRPC calls per user (at the live key rate), not per account", async () => {
    const { accountPk, key } = await app.newKey("live");
    await createUser(app.db, { email: "rate.user@example.test", password: "a-long-password", name: "Rate", accountPk, role: "client" });
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: "rate.user@example.test", password: "a-long-password" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
    // The account's API traffic does not count against its staff.
    expect(await statuses(app, key, 10)).toEqual(Array(10).fill(200));
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await trpc(app, "integrations.list", {}, { cookie })).status);
    expect(codes).toEqual([...Array(10).fill(200), 429]);
    const refused = await trpc(app, "integrations.list", {}, { cookie });
    expect(refused.error?.data?.code).toBe("TOO_MANY_REQUESTS");
  });

  /** A GET of a tRPC batch: `calls` calls of one query with empty input. */
  const batch = (proc: string, calls: number, headers: Record<string, string>) =>
    fetch(
      `${app.url}/api/trpc/${Array(calls).fill(proc).join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, {}]))))}`,
      {
        headers,
      },
    );

  it("limits an API key's tRPC calls by its key's and account's limits, counting every call of a batch", async () => {
    const { key } = await app.newKey("demo");
    const auth = { Authorization: `Token ${key}` };
    // The demo key's limit is 5: a batch of 4 leaves one call, which /v2/ takes (the same budget).
    const first = await batch("integrations.list", 4, auth);
    expect(first.status).toBe(200);
    expect(limitFields(first.headers)).toMatchObject({ limit: "5", remaining: "1" });
    expect(await statuses(app, key, 1)).toEqual([200]);
    const refused = await batch("integrations.list", 1, auth);
    expect(refused.status).toBe(429);
    expect(limitFields(refused.headers)).toMatchObject({ limit: "5", remaining: "0" });
  });

  it("counts every call of a dashboard user's batch", async () => {
    const { accountPk } = await app.newKey("live");
    await createUser(app.db, { email: "batch.user@example.test", password: "a-long-password", name: "Batch", accountPk, role: "client" });
    const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: app.url },
      body: JSON.stringify({ email: "batch.user@example.test", password: "a-long-password" }),
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0];
    // The per-user rate is the live key rate, 10: one batch of 10 takes all of it.
    expect((await batch("integrations.list", 10, { Cookie: cookie })).status).toBe(200);
    const refused = await batch("integrations.list", 1, { Cookie: cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
  });

  it("refuses a batch of more than TRPC_MAX_BATCH_SIZE calls with 400, before it counts or runs", async () => {
    const { key } = await app.newKey("live");
    const res = await batch("integrations.list", TRPC_MAX_BATCH_SIZE + 1, { Authorization: `Token ${key}` });
    expect(res.status).toBe(400);
    expect(await statuses(app, key, 1)).toEqual([200]);
  });

  it("limits callers without credentials per client address", async () => {
    // Other tests here call from 127.0.0.1 too, with credentials: those count elsewhere.
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await batch("session.me", 5, {})).status);
    expect(codes).toEqual([200, 200, 429]);
  });
});

describe(`fairness between accounts (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    // Rates high enough not to matter: only the cap on requests in flight per account is tested.
    app = await startTestApp({
      rateLimits: { ...SMALL, perKey: { live: 10_000, demo: 10_000 }, perAccount: { live: 10_000, demo: 10_000 }, concurrency: 2, queue: 4 },
    });
  });
  afterAll(() => app.close());

  it("refuses a flooding account's excess with 429 while another account's requests succeed", async () => {
    const flooder = await app.newKey("demo");
    const other = await app.newKey("demo");
    // Slow uploads hold the flooder's slots: each is admitted on its headers and then waits for its body.
    // Of 13, whatever their order, 8 are in flight (alone, an account may use ALONE_FACTOR times its share
    // of 2), 4 wait in the queue, and one is refused at once.
    const body = JSON.stringify(integrationBody());
    const held = Array.from({ length: 2 * ALONE_FACTOR + 4 + 1 }, () => {
      const req = http.request(`${app.url}/v2/integrations/`, {
        method: "POST",
        headers: { Authorization: `Token ${flooder.key}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
      });
      const answered = new Promise<{ status: number; retry: string | undefined; body: string }>((resolve, reject) => {
        req.on("response", (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, retry: res.headers["retry-after"], body: text }));
        });
        req.on("error", reject);
      });
      req.write(body.slice(0, 10));
      return { req, answered };
    });
    const refused = await Promise.race(held.map((h) => h.answered));
    expect(refused.status).toBe(429);
    expect(refused.retry).toBe("1");
    expect(JSON.parse(refused.body)).toEqual({ detail: "Too many requests of this account are in progress. Try again in a moment." });
    // Meanwhile the other account is served.
    expect(await statuses(app, other.key, 5)).toEqual([200, 200, 200, 200, 200]);
    // The held requests finish once their bodies arrive.
    for (const h of held) h.req.on("error", () => undefined).end(body.slice(10));
    const answers = (await Promise.all(held.map((h) => h.answered))).map((a) => a.status).sort();
    expect(answers).toEqual([...Array<number>(2 * ALONE_FACTOR + 4).fill(201), 429]);
    expect(await statuses(app, flooder.key, 1)).toEqual([200]);
  });
});

/** A POST whose body is held back: the server admits it on its headers, and it holds its slot until `finish`. */
function heldPost(app: TestApp, key: string) {
  const body = JSON.stringify(integrationBody());
  const req = http.request(`${app.url}/v2/integrations/`, {
    method: "POST",
    headers: { Authorization: `Token ${key}`, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) },
  });
  const answered = new Promise<number>((resolve, reject) => {
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
  });
  req.write(body.slice(0, 10));
  const abort = () => {
    answered.catch(() => undefined); // the hang-up is the point: its ECONNRESET is expected
    req.destroy();
  };
  return { answered, finish: () => req.end(body.slice(10)), abort };
}

describe(`a share of writes per account (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    // One write of an account in flight while another account is present, one more waiting.
    const rates = { live: 10_000, demo: 10_000 };
    app = await startTestApp({ rateLimits: { ...SMALL, perKey: rates, perAccount: rates, concurrency: 4, writeConcurrency: 1, queue: 1 } });
  });
  afterAll(() => app.close());

  it("holds an account's next write until its write in flight finishes, lets its reads pass, and frees a hung-up client's place", async () => {
    const busy = await app.newKey("demo");
    const other = await app.newKey("demo");
    const present = heldPost(app, other.key);
    const first = heldPost(app, busy.key);
    // Reads of both accounts are served meanwhile (round trips that also let the server see the headers above).
    expect(await statuses(app, other.key, 1)).toEqual([200]);
    expect(await statuses(app, busy.key, 2)).toEqual([200, 200]);
    // The busy account's second write waits in its queue of 1; a client that hangs up there leaves it.
    const gone = heldPost(app, busy.key);
    gone.finish();
    expect(await statuses(app, busy.key, 1)).toEqual([200]);
    gone.abort();
    expect(await statuses(app, busy.key, 1)).toEqual([200]);
    // Its place is free again: the next write queues instead of being refused, and answers after the first.
    const order: string[] = [];
    const second = heldPost(app, busy.key);
    second.finish();
    const secondDone = second.answered.then((status) => order.push(`second ${status}`));
    expect(await statuses(app, busy.key, 1)).toEqual([200]);
    first.finish();
    await first.answered.then((status) => order.push(`first ${status}`));
    await secondDone;
    expect(order).toEqual(["first 201", "second 201"]);
    present.finish();
    expect(await present.answered).toBe(201);
  });
});

describe.skipIf(TEST_DB !== "pg")("two instances on one PostgreSQL database", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ rateLimits: SMALL });
  });
  afterAll(() => app.close());

  it("share one key's limit once the first has settled its counts", async () => {
    const second = await app.startInstance();
    const { key } = await app.newKey("demo");
    expect(await statuses(app, key, 3)).toEqual([200, 200, 200]);
    // Counts below half the limit are settled in batches every 50 ms: the store has all 3 soon after.
    await until(
      async () =>
        (await app.db.$queryRaw<{ n: number }[]>`SELECT coalesce(sum(points), 0)::int AS n FROM rate_limit_counter WHERE key LIKE 'api_key_demo:%'`)[0].n === 3,
    );
    expect(await statuses(second, key, 3)).toEqual([200, 200, 429]);
    expect(await statuses(app, key, 1)).toEqual([429]);
  });

  it("sweeps rows an hour past their window (keys seen once, an email or an address, leave none behind)", async () => {
    const now = Date.now();
    await app.db
      .$executeRaw`INSERT INTO rate_limit_counter (key, points, expire) VALUES ('sweep:old', 1, ${now - 2 * 3600_000}), ('sweep:new', 1, ${now + 60_000})`;
    const pool = new pg.Pool({ connectionString: app.databaseUrl ?? "" });
    try {
      await sweepRateLimitCounters(pool, now - 3600_000);
    } finally {
      await pool.end();
    }
    const keys = await app.db.$queryRaw<{ key: string }[]>`SELECT key FROM rate_limit_counter WHERE key LIKE 'sweep:%'`;
    expect(keys.map((k) => k.key)).toEqual(["sweep:new"]);
  });

  it("lets two instances together pass a key's limit by at most what one admitted unsent (the bound in window-limiter.ts)", async () => {
    const second = await app.startInstance();
    const { key } = await app.newKey("demo");
    // Each instance admits below half the limit on its own and sends it within 50 ms; past that it asks the store
    // every time. What the other admitted and has not sent yet (here at most 1 of the 5: its first request asked)
    // is the only overshoot, and only when its requests interleave that closely (CI saw 6 once in many runs).
    const both = await Promise.all([statuses(app, key, 6), statuses(second, key, 6)]);
    const admitted = both.flat().filter((s) => s === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(SMALL.perKey.demo);
    expect(admitted).toBeLessThanOrEqual(SMALL.perKey.demo + 1);
  });
});

/** Redis at REDIS_TEST_URL (default the local one); these tests skip, saying so, only if it does not answer. */
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
async function redisAnswers(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const redisUp = await redisAnswers();
if (!redisUp) console.warn(`rate-limits.test: Redis does not answer at ${REDIS_URL}; the Redis storage tests are skipped.`);

describe.skipIf(!redisUp)("Redis storage", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ rateLimits: SMALL, redisUrl: REDIS_URL });
  });
  afterAll(() => app.close());

  it("keeps the counters in Redis, shared by every instance", async () => {
    const { key, accountPk } = await app.newKey("demo");
    const second = await app.startInstance();
    const redis = new Redis(REDIS_URL);
    try {
      expect(await statuses(app, key, 3)).toEqual([200, 200, 200]);
      // Settled in batches every 50 ms: the account's counter in Redis has all 3 soon after.
      await until(async () => Number(await redis.get(`api_account_demo:account:${accountPk}`)) === 3);
      expect(await statuses(second, key, 3)).toEqual([200, 200, 429]);
    } finally {
      redis.disconnect();
    }
  });

  it("runs its script by digest, and sends it again when Redis has forgotten it", async () => {
    const { key, accountPk } = await app.newKey("demo");
    const redis = new Redis(REDIS_URL);
    try {
      await redis.script("FLUSH");
      expect(await statuses(app, key, 2)).toEqual([200, 200]);
      // Counted in Redis, not in the fallback memory: the digest's NOSCRIPT made the instance send the text.
      await until(async () => Number(await redis.get(`api_account_demo:account:${accountPk}`)) === 2);
    } finally {
      redis.disconnect();
    }
  });
});

describe("an unreachable store", () => {
  let app: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every store call fails.
    app = await startTestApp({ rateLimits: SMALL, redisUrl: "redis://127.0.0.1:1" });
  });
  afterAll(() => app.close());

  it("never turns requests into 5xx: limits fall back to this instance's memory", async () => {
    const { key } = await app.newKey("demo");
    expect(await statuses(app, key, 6)).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
