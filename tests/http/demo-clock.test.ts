/**
 * The demo clock per account (GET /v2/test_helpers/clock/, POST /v2/test_helpers/clock/advance/): every time rule of
 * the account's demo environment follows it (the resend limit, explicit Payrun auto-close, overdue Invoices, webhook
 * retries, Idempotency-Key expiry, timestamps written) without waiting real time; live never moves, and one account's
 * clock does not move another's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const HOUR = 3600;
const DAY = 24 * HOUR;

type Clock = { now: string; offset_seconds: number };
type Payrun = { id: string; open: boolean; latest_status: string; invoice: string | null; created_at: string };
type Invoice = { id: string; status: string; due_date: string | null };

let app: TestApp;
let receiver: Receiver;
/** Account A: demo and live keys; account B: another account's demo key. */
let a: string;
let aLive: string;
let b: string;

beforeAll(async () => {
  // A first retry about an hour after a failure (±25 %): only an advance brings it within the test's time.
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: HOUR * 1000 } });
  receiver = await startReceiver();
  const demo = await app.newKey("demo");
  a = demo.key;
  ({ key: aLive } = await app.newKey("live", { account: demo.account }));
  ({ key: b } = await app.newKey("demo"));
  for (const key of [a, b]) {
    expect(
      (await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: H(key)["Integration-ID"], payrun_management: true }) })).status,
    ).toBe(201);
  }
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

/** Each account's Integration (ids are unique across accounts). */
const H = (key: string) => ({ "Integration-ID": key === a ? "clk-a" : "clk-b" });
const clockOf = (key: string) => app.json<Clock>("/v2/test_helpers/clock/", { key });
const advance = (key: string, body: unknown) => app.json<Clock & Record<string, string[]>>("/v2/test_helpers/clock/advance/", { method: "POST", key, body });
const post = <T>(path: string, body?: unknown, key = a) => app.json<T>(path, { method: "POST", key, headers: H(key), body });
const get = <T>(path: string, key = a) => app.json<T>(path, { key, headers: H(key) });
const resend = (id: string, key = a) => app.api(`/v2/employees/${id}/resend/`, { method: "PATCH", key, headers: H(key) });
const employee = (id: string) => ({ id, name: `Name ${id}`, email: `${id}@example.se`, country: "SWE" });
const near = (iso: string, expectedMs: number) => expect(Math.abs(Date.parse(iso) - expectedMs)).toBeLessThan(60_000);

describe("reading and moving the clock", () => {
  it("starts at the real time with offset 0; an advance answers the new time; bad amounts are 400 and move nothing", async () => {
    const start = await clockOf(b);
    expect(start.status).toBe(200);
    expect(start.body.offset_seconds).toBe(0);
    near(start.body.now, Date.now());

    for (const seconds of [0, -60, 7_776_001, 1.5, "soon", null]) {
      const bad = await advance(b, { seconds });
      expect(bad.status, String(seconds)).toBe(400);
      expect(Object.keys(bad.body)).toEqual(["seconds"]);
    }
    expect((await advance(b, {})).status).toBe(400);
    expect((await clockOf(b)).body.offset_seconds).toBe(0);

    const moved = await advance(b, { seconds: 7_776_000 });
    expect(moved.status).toBe(200);
    expect(moved.body.offset_seconds).toBe(7_776_000);
    near(moved.body.now, Date.now() + 7_776_000 * 1000);
    expect((await clockOf(b)).body.offset_seconds).toBe(7_776_000);
    // The Integration's objects are written at the demo time.
    const created = await post<{ created_at: string }>("/v2/employees/", employee("later"), b);
    near(created.body.created_at, Date.now() + 7_776_000 * 1000);
  });

  it("one account's clock does not move another's, nor its own live environment", async () => {
    expect((await clockOf(a)).body.offset_seconds).toBe(0);
    const created = await post<{ created_at: string }>("/v2/employees/", employee("now"));
    near(created.body.created_at, Date.now());
    expect((await app.json("/v2/integrations/", { method: "POST", key: aLive, body: integrationBody({ id: "clk-live" }) })).status).toBe(201);
    const live = await app.json<{ created_at: string }>("/v2/employees/", {
      method: "POST",
      key: aLive,
      headers: { "Integration-ID": "clk-live" },
      body: employee("live"),
    });
    near(live.body.created_at, Date.now());
  });
});

describe("live keys", () => {
  it("get 403 with the helpers' message on the clock and on every helper", async () => {
    const calls: [string, string][] = [
      ["GET", "/v2/test_helpers/clock/"],
      ["POST", "/v2/test_helpers/clock/advance/"],
      ["POST", "/v2/test_helpers/employees/x/claim/"],
      ["POST", "/v2/test_helpers/employees/x/verify/"],
      ["POST", "/v2/test_helpers/payouts/x/accept/"],
      ["POST", "/v2/test_helpers/invoices/x/pay/"],
      ["POST", "/v2/test_helpers/payruns/x/pay/"],
    ];
    for (const [method, path] of calls) {
      const res = await app.json<{ detail: string }>(path, {
        method,
        key: aLive,
        headers: { "Integration-ID": "clk-live" },
        body: method === "POST" ? { seconds: 60 } : undefined,
      });
      expect(res.status, path).toBe(403);
      expect(res.body).toEqual({ detail: "Test helpers work with demo API keys only; this is a live key." });
    }
    expect((await clockOf(a)).body.offset_seconds).toBe(0);
  });
});

describe("the rules follow the account's demo clock", () => {
  it("advancing 25 hours lifts the 24-hour resend limit and expires Idempotency-Keys (not another account's)", async () => {
    await post("/v2/employees/", employee("re"));
    await post("/v2/employees/", employee("re"), b);
    await app.drainJobs();
    for (const key of [a, b]) {
      expect((await resend("re", key)).status).toBe(204);
      expect((await resend("re", key)).status).toBe(429);
    }
    const idem = (key: string, name: string) =>
      app.json("/v2/employees/", { method: "POST", key, headers: { ...H(key), "Idempotency-Key": "clk-key" }, body: { ...employee(`idem-${name}`) } });
    for (const key of [a, b]) expect((await idem(key, "one")).status).toBe(201);
    for (const key of [a, b]) expect((await idem(key, "two")).status).toBe(422);

    const moved = await advance(a, { seconds: 25 * HOUR });
    expect(moved.body.offset_seconds).toBe(25 * HOUR);
    expect((await resend("re")).status).toBe(204);
    expect((await resend("re", b)).status).toBe(429);
    expect((await idem(a, "two")).status).toBe(201);
    expect((await idem(b, "two")).status).toBe(422);
  });

  it("31 days close an idle explicit Payrun; its Invoice falls overdue after its due date", async () => {
    await post("/v2/employees/", employee("pr"));
    const payrun = await post<Payrun>("/v2/payruns/", { id: "idle" });
    expect(payrun.status).toBe(201);
    near(payrun.body.created_at, Date.now() + 25 * HOUR * 1000);
    expect((await post("/v2/payouts/", { id: "idle-1", amount: "500.00", currency: "SEK", description: "Work", employee: "pr", payrun: "idle" })).status).toBe(
      201,
    );
    await app.drainJobs();
    expect((await get<Payrun>("/v2/payruns/idle/")).body.open).toBe(true);

    await advance(a, { seconds: 31 * DAY });
    await app.drainJobs();
    const closed = (await get<Payrun>("/v2/payruns/idle/")).body;
    expect(closed).toMatchObject({ open: false, latest_status: "invoiced" });
    const invoice = (await get<Invoice>(`/v2/invoices/${closed.invoice}/`)).body;
    expect(invoice.status).toBe("invoice");
    const overdue = async () => (await get<{ results: Invoice[] }>("/v2/invoices/?overdue=true")).body.results.map((i) => i.id);
    const notOverdue = async () => (await get<{ results: Invoice[] }>("/v2/invoices/?overdue=false")).body.results.map((i) => i.id);
    expect(await overdue()).toEqual([]);
    expect(await notOverdue()).toContain(invoice.id);

    const demoToday = (await clockOf(a)).body.now.slice(0, 10);
    const days = Math.round((Date.parse(invoice.due_date ?? "") - Date.parse(demoToday)) / 86_400_000);
    expect(days).toBeGreaterThan(0);
    await advance(a, { seconds: days * DAY }); // on the due date: not overdue yet
    expect(await overdue()).toEqual([]);
    await advance(a, { seconds: DAY });
    expect(await overdue()).toEqual([invoice.id]);
    expect(await notOverdue()).not.toContain(invoice.id);
    // Another account's Invoices and clock are untouched: nothing of B is overdue.
    expect((await get<{ results: Invoice[] }>("/v2/invoices/?overdue=true", b)).body.results).toEqual([]);
  });

  it("webhook retries run on the advanced schedule: the retry arrives after an advance, without waiting real time", async () => {
    receiver.respond = ({ index }) => (index === 0 ? 500 : 200);
    expect((await post("/v2/webhooks/", { url: `${receiver.url}/retry`, events: ["Employee.created"] })).status).toBe(201);
    const before = receiver.received.length;
    await post("/v2/employees/", employee("hook"));
    await app.drainJobs();
    expect(receiver.received.slice(before).map((r) => r.status)).toEqual([500]);
    await app.drainJobs(); // the retry is about an hour away
    expect(receiver.received.length - before).toBe(1);
    const pending = await app.db.outboxJob.findFirstOrThrow({ where: { kind: "webhook.deliver", completedAt: null, failedAt: null } });
    expect(pending.runAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    // Another account's advance does not bring it forward.
    await advance(b, { seconds: 2 * HOUR });
    await app.drainJobs();
    expect(receiver.received.length - before).toBe(1);

    await advance(a, { seconds: 2 * HOUR });
    await app.drainJobs();
    expect(receiver.received.slice(before).map((r) => r.status)).toEqual([500, 200]);
    const delivery = await app.db.webhookDelivery.findFirstOrThrow({
      where: { subscription: { url: `${receiver.url}/retry` } },
      select: { status: true, completedAt: true },
    });
    expect(delivery.status).toBe("succeeded");
    // Written at the account's demo time (an offset of days), not the real time.
    const { offset_seconds } = (await clockOf(a)).body;
    near(delivery.completedAt?.toISOString() ?? "", Date.now() + offset_seconds * 1000);
  });
});

describe("the OpenAPI document", () => {
  it("lists the clock's two endpoints under the test helpers", async () => {
    const doc = await app.json<{ paths: Record<string, Record<string, { tags: string[] }>> }>("/v2/openapi.json", { key: null });
    expect(doc.body.paths["/test_helpers/clock/"].get.tags).toEqual(["Test helpers (demo only)"]);
    expect(doc.body.paths["/test_helpers/clock/advance/"].post.tags).toEqual(["Test helpers (demo only)"]);
  });
});
