/**
 * Issue 25, the demo clock's corners: an account whose demo clock runs 40 days ahead goes through a whole life
 * (the API, the employee app, the worker), and then every timestamp stored in the database after the advance is the
 * demo time, but for the columns that keep the real time on purpose (`REAL_TIME`, each with its reason). The magic
 * links and the employee app's session follow the demo clock; a failing webhook's retry and its subscription's
 * auto-disable follow it, and the running worker picks a retry up once an advance makes it due.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { integrationBody, magicToken, sessionCookie, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const AHEAD = 40 * DAY;

/**
 * Columns written at the real time even for a demo account, and why. Everything else a demo request or job writes
 * carries the account's demo time.
 */
const REAL_TIME: Record<string, string> = {
  // The outbox schedules on the real time: a demo job due "now" is due at once; an advance brings demo jobs forward.
  "outbox_job.run_at": "the worker's schedule",
  "outbox_job.created_at": "the worker's schedule",
  "outbox_job.locked_until": "a lease is real time",
  "outbox_job.completed_at": "the worker's bookkeeping",
  "outbox_job.failed_at": "the worker's bookkeeping",
  // The clock's own row: when the offset was last moved, really.
  "demo_clock.updated_at": "when the clock was moved",
  // The audit log records what people did and when (demo-clock.ts `realNow`); the demo times are in its `after`.
  "audit_record.at": "a record of when people acted",
  // A key is a real credential: its last use is when a request really came (the security page shows it).
  "api_key.last_used_at": "a credential's real use",
  // /e/login's abuse limit counts real requests per email and address, whoever's they are.
  "sign_in_link_request.created_at": "a rate limit of real requests",
  // Not a time written but a bin of one: a kept count's bucket is its rows' (demo) time floored to the hour or the
  // day (0038), up to a day before those times and so inside the window this test reads as "real".
  "kept_count.bucket": "a demo time binned to its day",
};

type Row = Record<string, unknown>;

let app: TestApp;
let receiver: Receiver;
let key: string;
let account: string;
/** The real time just before the advance: a value from then to the demo time is a real time written after it. */
let before: number;
const H = { "Integration-ID": "gap-int" };

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: HOUR } });
  receiver = await startReceiver();
  ({ key, account } = await app.newKey("demo"));
  before = Date.now();
  const moved = await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: AHEAD / 1000 } });
  expect(moved.body.offset_seconds).toBe(AHEAD / 1000);
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: H["Integration-ID"] }) })).status).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const post = <T>(path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.json<T>(path, { method: "POST", key, headers: { ...H, ...headers }, body });
const get = <T>(path: string) => app.json<T>(path, { key, headers: H });
const demoNow = () => Date.now() + AHEAD;
/** `value` is `expected` within two minutes; a soft check, so that a test reports every time that is wrong. */
const near = (label: string, value: string | Date | null | undefined, expected: number) => {
  expect.soft(value, label).toBeTruthy();
  const ms = value instanceof Date ? value.getTime() : Date.parse(value ?? "");
  expect.soft(Math.abs(ms - expected), `${label}: ${String(value)}`).toBeLessThan(2 * MINUTE);
};

/** The links already read from the emails (the mail folder's order is not the order they were sent in). */
const read = new Set<string>();

/** The magic link emailed to `email` that was not read before. */
function linkTo(email: string): string {
  const fresh = app
    .mails()
    .filter((m) => m.text.includes(`To: ${email}`))
    .map((m) => magicToken(m.text))
    .filter((token) => !read.has(token));
  expect(fresh, email).toHaveLength(1);
  read.add(fresh[0]);
  return fresh[0];
}

/** Claims `email`'s new link in the employee app; returns the session cookie. */
async function claim(email: string): Promise<string> {
  const res = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: linkTo(email) }, { mutation: true });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
  return (res.setCookie ?? "").split(";")[0];
}

/** Every timestamp column of the database's tables: `table.column`. */
async function timestampColumns(): Promise<{ table: string; column: string }[]> {
  return app.db.$queryRawUnsafe<{ table: string; column: string }[]>(
    `SELECT table_name::text AS "table", column_name::text AS "column" FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type LIKE 'timestamp%' AND table_name NOT LIKE '\\_prisma%' ORDER BY 1, 2`,
  );
}

describe("a demo account 40 days ahead, through a whole life", () => {
  it("stores the demo time in every timestamp written after the advance, but the real-time columns", async () => {
    receiver.respond = ({ path }) => (path === "/failing" ? 500 : 200);
    expect((await post("/v2/webhooks/", { url: `${receiver.url}/ok`, events: ["Employee.created", "Payout.accepted"] })).status).toBe(201);
    expect((await post("/v2/webhooks/", { url: `${receiver.url}/failing`, events: ["Employee.created"] })).status).toBe(201);

    // An Employee, invited by the worker, claimed in the employee app with its emailed link.
    const created = await post<{ created_at: string }>("/v2/employees/", { id: "gus", name: "Gus Gap", email: "gus@example.se", country: "SWE" });
    expect(created.status).toBe(201);
    near("Employee.created_at", created.body.created_at, demoNow());
    await app.drainJobs();
    const cookie = await claim("gus@example.se");
    const employee = (await get<Row>("/v2/employees/gus/")).body;
    for (const field of ["created_at", "notified_at", "claimed_at", "verified_at"]) near(`Employee.${field}`, employee[field] as string, demoNow());
    expect((await trpc(app, "employeeApp.home", undefined, { cookie })).status).toBe(200);

    // A Message, a resend, an Idempotency-Key, a Payout through its life and a Prepayment.
    expect((await post("/v2/messages/", { employees: ["gus"], content: "Hello" })).status).toBe(201);
    expect((await app.api("/v2/employees/gus/resend/", { method: "PATCH", key, headers: H })).status).toBe(204);
    const payout = await post<{ payrun: string }>(
      "/v2/payouts/",
      { id: "gus-1", amount: "800.00", currency: "SEK", description: "Work", employee: "gus" },
      {
        "Idempotency-Key": "gap-1",
      },
    );
    expect(payout.status).toBe(201);
    expect((await app.api(`/v2/payruns/${payout.body.payrun}/close/`, { method: "POST", key, headers: H })).status).toBe(204);
    const invoice = (await get<{ invoice: string }>(`/v2/payruns/${payout.body.payrun}/`)).body.invoice;
    expect((await post(`/v2/test_helpers/invoices/${invoice}/pay/`)).status).toBe(200);
    await app.drainJobs();
    const accepted = await trpc<{ accepted_at: string }>(app, "employeeApp.acceptPayout", { payoutId: "gus-1" }, { cookie, mutation: true });
    expect(accepted.status, JSON.stringify(accepted.error)).toBe(200);
    near("Payout.accepted_at (employee app)", accepted.data?.accepted_at, demoNow());
    expect((await post("/v2/prepayments/", { id: "gap-pp", description: "Ahead", net_amount: "100.00", currency: "SEK" })).status).toBe(201);
    // A sign-in link asked for at /e/login, and sent by the worker.
    expect((await trpc(app, "employeeApp.requestLink", { email: "gus@example.se" }, { mutation: true })).status).toBe(200);
    await app.drainJobs();

    // Every timestamp stored since the advance: demo time, or a column that keeps the real time on purpose.
    const realWritten: string[] = [];
    for (const { table, column } of await timestampColumns()) {
      const rows = await app.db.$queryRawUnsafe<{ at: Date }[]>(`SELECT "${column}" AS at FROM "${table}" WHERE "${column}" IS NOT NULL`);
      const real = rows.filter((r) => r.at.getTime() >= before && r.at.getTime() < before + AHEAD - HOUR);
      if (real.length && !REAL_TIME[`${table}.${column}`]) realWritten.push(`${table}.${column} (${real.length})`);
    }
    expect(realWritten).toEqual([]);
  });
});

describe("magic links and the employee app in demo", () => {
  it("a link lasts seven days of demo time: an advance of eight days expires it", async () => {
    expect((await post("/v2/employees/", { id: "lia", name: "Lia Link", email: "lia@example.se", country: "SWE" })).status).toBe(201);
    await app.drainJobs();
    const token = linkTo("lia@example.se");
    const stored = await app.db.magicLink.findFirstOrThrow({ where: { employee: { id: "lia" } }, select: { createdAt: true, expiresAt: true } });
    near("MagicLink.created_at", stored.createdAt, demoNow());
    near("MagicLink.expires_at", stored.expiresAt, demoNow() + 7 * DAY);
    expect((await trpc(app, "employeeApp.link", { token })).data).toMatchObject({ claims: true });

    const offset = (await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: 8 * 24 * 3600 } }))
      .body.offset_seconds;
    expect((await trpc(app, "employeeApp.link", { token })).data).toBeNull();
    expect((await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true })).status).toBe(403);

    // A fresh link (the resend) claims, at the demo time.
    expect((await app.api("/v2/employees/lia/resend/", { method: "PATCH", key, headers: H })).status).toBe(204);
    await app.drainJobs();
    await claim("lia@example.se");
    near("Employee.claimed_at", (await get<{ claimed_at: string }>("/v2/employees/lia/")).body.claimed_at, Date.now() + offset * 1000);
  });

  it("the employee app's session lasts 30 days of demo time", async () => {
    expect((await post("/v2/employees/", { id: "sam", name: "Sam Session", email: "sam@example.se", country: "SWE" })).status).toBe(201);
    await app.drainJobs();
    const cookie = await claim("sam@example.se");
    expect((await trpc(app, "employeeApp.home", undefined, { cookie })).status).toBe(200);
    await app.json("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: 31 * 24 * 3600 } });
    expect((await trpc(app, "employeeApp.home", undefined, { cookie })).status).toBe(401);
  });

  it("a live account's link is untouched by its demo clock", async () => {
    const live = await app.newKey("live", { account });
    const L = { "Integration-ID": "gap-live" };
    expect((await app.json("/v2/integrations/", { method: "POST", key: live.key, body: integrationBody({ id: L["Integration-ID"] }) })).status).toBe(201);
    const made = await app.json("/v2/employees/", {
      method: "POST",
      key: live.key,
      headers: L,
      body: { id: "liv", name: "Liv Live", email: "liv@example.se", country: "SWE" },
    });
    expect(made.status).toBe(201);
    await app.drainJobs();
    const stored = await app.db.magicLink.findFirstOrThrow({ where: { employee: { id: "liv" } }, select: { createdAt: true, expiresAt: true } });
    near("live MagicLink.created_at", stored.createdAt, Date.now());
    near("live MagicLink.expires_at", stored.expiresAt, Date.now() + 7 * DAY);
    await claim("liv@example.se");
    const claimed = await app.json<{ claimed_at: string }>("/v2/employees/liv/", { key: live.key, headers: L });
    near("live Employee.claimed_at", claimed.body.claimed_at, Date.now());
  });
});

describe("webhooks on the demo clock", () => {
  it("a subscription failing for WEBHOOK_DISABLE_AFTER_MINUTES of demo time is disabled by its next retry after an advance", async () => {
    receiver.respond = ({ path }) => (path === "/down" ? 503 : 200);
    const hook = await post<{ id: string }>("/v2/webhooks/", { url: `${receiver.url}/down`, events: ["Employee.created"] });
    expect(hook.status).toBe(201);
    expect((await post("/v2/employees/", { id: "dan", name: "Dan Down", email: "dan@example.se", country: "SWE" })).status).toBe(201);
    await app.drainJobs();
    const readHook = async () =>
      (await get<{ status: string; disabled_reason: string | null; disabled_at: string | null }>(`/v2/webhooks/${hook.body.id}/`)).body;
    expect((await readHook()).status).toBe("enabled");
    const { offset_seconds } = (await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/", { key })).body;

    // Three days (the default 4320 minutes) of demo time: the retry, brought forward, fails once more and disables it.
    const moved = await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: 3 * 24 * 3600 + 60 } });
    expect(moved.body.offset_seconds).toBe(offset_seconds + 3 * 24 * 3600 + 60);
    await app.drainJobs();
    const disabled = await readHook();
    expect(disabled).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    near("WebhookSubscription.disabled_at", disabled.disabled_at, Date.now() + moved.body.offset_seconds * 1000);
  });
});

describe("a delivery whose subscription was disabled before its job ran", () => {
  it("ends as failed at the account's demo time", async () => {
    receiver.respond = () => 200;
    const hook = await post<{ id: string }>("/v2/webhooks/", { url: `${receiver.url}/held`, events: ["Employee.created"] });
    expect(hook.status).toBe(201);
    expect((await post("/v2/employees/", { id: "hal", name: "Hal Held", email: "hal@example.se", country: "SWE" })).status).toBe(201);
    // Disabled behind the API's back (as a concurrent PATCH would, between the fan-out and the job).
    await app.db.webhookSubscription.updateMany({ where: { id: hook.body.id }, data: { status: "disabled", disabledReason: "manual" } });
    await app.drainJobs();
    const delivery = await app.db.webhookDelivery.findFirstOrThrow({
      where: { subscription: { id: hook.body.id } },
      select: { status: true, completedAt: true },
    });
    expect(delivery.status).toBe("failed");
    const { offset_seconds } = (await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/", { key })).body;
    near("held WebhookDelivery.completed_at", delivery.completedAt, Date.now() + offset_seconds * 1000);
  });
});

describe("the account's own rows from a dashboard session in the demo view", () => {
  it("keep the real time: a team invitation lasts seven real days, an API key and its audit are written at the real time, sessions listed by it", async () => {
    const email = "ada@example.test";
    await createUser(app.db, {
      email,
      password: "a-long-password",
      name: "Ada Admin",
      accountPk: (await app.db.account.findFirstOrThrow({ where: { name: account } })).pk,
      role: "client",
    });
    const cookie = await sessionCookie(app, email, "a-long-password");
    // The dashboard's default view is demo, whose clock is weeks ahead: the account's own things are not demo objects.
    expect((await trpc(app, "team.invite", { email: "cole@example.test", team_role: "member" }, { cookie, mutation: true })).status).toBe(200);
    const invitation = await app.db.teamInvitation.findFirstOrThrow({ where: { email: "cole@example.test" }, select: { createdAt: true, expiresAt: true } });
    near("TeamInvitation.created_at", invitation.createdAt, Date.now());
    near("TeamInvitation.expires_at", invitation.expiresAt, Date.now() + 7 * DAY);
    const created = await trpc<{ api_key: { pk: string } }>(app, "apiKeys.create", { environment: "demo", allow_ips: [] }, { cookie, mutation: true });
    expect(created.status).toBe(200);
    const apiKey = await app.db.apiKey.findUniqueOrThrow({ where: { pk: created.data?.api_key.pk }, select: { createdAt: true } });
    near("ApiKey.created_at", apiKey.createdAt, Date.now());
    const audit = await app.db.auditRecord.findMany({
      where: { action: { in: ["team.member_invited", "api_key.created"] }, actorLabel: email },
      select: { action: true, at: true },
    });
    expect(audit.length).toBeGreaterThan(0);
    for (const record of audit) near(`AuditRecord ${record.action}`, record.at, Date.now());
    // The security page lists the person's sessions by the real time (they expire by it).
    expect((await trpc<unknown[]>(app, "session.sessions", undefined, { cookie })).data).toHaveLength(1);
  });
});

describe("the running worker and an advance", () => {
  it("delivers a demo retry once an advance makes it due, without drainJobs", async () => {
    const looping = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: HOUR }, worker: {} });
    try {
      const { key: k } = await looping.newKey("demo");
      const h = { "Integration-ID": "loop-int" };
      expect((await looping.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id: h["Integration-ID"] }) })).status).toBe(201);
      const seen = receiver.received.length;
      let calls = 0;
      receiver.respond = ({ path }) => (path === "/loop" && calls++ === 0 ? 500 : 200);
      expect(
        (await looping.json("/v2/webhooks/", { method: "POST", key: k, headers: h, body: { url: `${receiver.url}/loop`, events: ["Employee.created"] } }))
          .status,
      ).toBe(201);
      const made = await looping.json("/v2/employees/", {
        method: "POST",
        key: k,
        headers: h,
        body: { id: "loop", name: "Lo Op", email: "loop@example.se", country: "SWE" },
      });
      expect(made.status).toBe(201);
      const loopHits = () => receiver.received.slice(seen).filter((r) => r.path === "/loop");
      const deadline = Date.now() + 15_000;
      while (loopHits().length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(loopHits().map((r) => r.status)).toEqual([500]);
      // The retry is about an hour away (±25 %): two hours of demo time make it due, and the worker sends it. The advance
      // comes at once, while the worker may still be recording the failure (the retry's time is then written after it).
      const advanced = Date.now();
      await looping.json("/v2/test_helpers/clock/advance/", { method: "POST", key: k, body: { seconds: 2 * 3600 } });
      while (loopHits().length < 2 && Date.now() < advanced + 15_000) await new Promise((r) => setTimeout(r, 50));
      expect(loopHits().map((r) => r.status)).toEqual([500, 200]);
    } finally {
      await looping.close();
    }
  });
});
