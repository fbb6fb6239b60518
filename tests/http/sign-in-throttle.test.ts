/**
 * Sign-in throttling (issue 11, point 6): per account (failed attempts per email) and per client address
 * (better-auth's limiter, in the database), where the address is the one the server computes, never a
 * client's X-Forwarded-For.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { startTestApp, TEST_DB, type TestApp } from "../support/test-app";

const PASSWORD = "the-right-password";

async function person(app: TestApp, name: string): Promise<string> {
  const { accountPk } = await app.newKey("demo");
  const email = `${name}-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name, accountPk, role: "client" });
  return email;
}

function signIn(app: TestApp, email: string, password: string, forwardedFor?: string): Promise<Response> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: app.url };
  if (forwardedFor) headers["X-Forwarded-For"] = forwardedFor;
  return fetch(`${app.url}/api/auth/sign-in/email`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
}

async function status(res: Response): Promise<number> {
  await res.arrayBuffer();
  return res.status;
}

const randomAddress = () => `198.18.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

describe(`sign-in throttling without a trusted proxy (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=0 and the production defaults: 5 failures per email and 30 per address in 15 minutes,
    // bursts of 10 attempts per address less than a second apart.
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("stops 60 wrong passwords from one address, with or without a new X-Forwarded-For each, and the right one after them", async () => {
    const ann = await person(app, "ann");
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push(await status(await signIn(app, ann, `wrong-password-${i}`)));
    for (let i = 0; i < 30; i++) codes.push(await status(await signIn(app, ann, `wrong-password-x${i}`, randomAddress())));
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual(Array(55).fill(429));

    const right = await signIn(app, ann, PASSWORD, randomAddress());
    expect(right.status).toBe(429);
    expect(right.headers.get("set-cookie")).toBeNull();
    const retryAfter = Number(right.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(right.headers.get("x-retry-after")).toBe(String(retryAfter));
    expect(await right.json()).toMatchObject({ message: expect.stringMatching(/^Too many /) });
    // The counts are in the database (better-auth's per-address rows), so every instance sees them.
    expect(await app.db.rateLimit.count()).toBeGreaterThan(0);
  });

  it("limits attempts per address: a new X-Forwarded-For does not make a new address", async () => {
    // An app of its own with 3 failures per address (30 by default) and no burst cap, so that only the
    // failures per address count, whatever the time between requests.
    const own = await startTestApp({ signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 3, addressBurst: 1000 } });
    try {
      const bob = await person(own, "bob");
      const codes: number[] = [];
      // Fresh emails each time, each with a new X-Forwarded-For: with TRUST_PROXY=0 they are one address.
      for (let i = 0; i < 3; i++) codes.push(await status(await signIn(own, `nobody-${i}@example.test`, "wrong-password", randomAddress())));
      expect(codes).toEqual([401, 401, 401]);
      const res = await signIn(own, bob, PASSWORD, randomAddress());
      expect(res.status).toBe(429);
      expect(res.headers.get("set-cookie")).toBeNull();
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    } finally {
      await own.close();
    }
  });
});

describe(`sign-in throttling behind one trusted proxy (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    // 10 failures per address (30 by default), so that the test costs fewer password hashes; no burst limit.
    app = await startTestApp({
      trustProxyHops: 1,
      signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 10, addressBurst: 1000 },
    });
  });
  afterAll(() => app.close());

  it("locks the account from every address, and leaves other accounts alone", async () => {
    const ann = await person(app, "ann");
    const bob = await person(app, "bob");
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push(await status(await signIn(app, ann, `wrong-${i}`, "203.0.113.1")));
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    const elsewhere = await signIn(app, ann, PASSWORD, "203.0.113.2");
    expect(elsewhere.status).toBe(429);
    expect(await elsewhere.json()).toMatchObject({ message: "Too many failed sign-in attempts. Try again in 15 minutes." });
    expect(Number(elsewhere.headers.get("retry-after"))).toBeGreaterThan(14 * 60);

    const other = await signIn(app, bob, PASSWORD, "203.0.113.1");
    expect(other.status).toBe(200);
    expect(other.headers.get("set-cookie")).toMatch(/session_token=/);
  });

  it("counts per client address as the proxy reports it", async () => {
    const codes: number[] = [];
    // Fresh emails each time: only the failures per address count.
    for (let i = 0; i < 11; i++) codes.push(await status(await signIn(app, `nobody-${i}@example.test`, "wrong-password", "192.0.2.50")));
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes[10]).toBe(429);
    // A client-sent entry before the proxy's does not change the address (the proxy appended the real one).
    expect(await status(await signIn(app, "nobody-x@example.test", "wrong-password", "10.9.8.7, 192.0.2.50"))).toBe(429);
    expect(await status(await signIn(app, "nobody-y@example.test", "wrong-password", "192.0.2.51"))).toBe(401);
  });
});

describe(`sign-in throttling under concurrency (${TEST_DB})`, () => {
  let app: TestApp;
  beforeAll(async () => {
    // 5 failures per email and per address; no burst cap, so that only these limits refuse.
    app = await startTestApp({
      trustProxyHops: 1,
      signInThrottle: { maxFailures: 5, lockoutMinutes: 15, addressMaxFailures: 5, addressBurst: 1000 },
    });
  });
  afterAll(() => app.close());

  const tally = (codes: number[]) => ({ checked: codes.filter((c) => c === 401).length, refused: codes.filter((c) => c === 429).length });

  it("10 parallel wrong passwords for one email: exactly 5 are checked, then the right one is refused too", async () => {
    const ann = await person(app, "ann");
    const codes = await Promise.all(Array.from({ length: 10 }, async (_, i) => status(await signIn(app, ann, `wrong-${i}`, `203.0.113.${10 + i}`))));
    expect(tally(codes)).toEqual({ checked: 5, refused: 5 });
    expect(await status(await signIn(app, ann, PASSWORD, "203.0.113.99"))).toBe(429);
  });

  it("10 parallel wrong passwords from one address: exactly 5 are checked; a success gives its point back", async () => {
    const bob = await person(app, "bob");
    expect(await status(await signIn(app, bob, PASSWORD, "192.0.2.60"))).toBe(200);
    const codes = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => status(await signIn(app, `nobody-${i}@example.test`, "wrong-password", "192.0.2.60"))),
    );
    expect(tally(codes)).toEqual({ checked: 5, refused: 5 });
  });
});
