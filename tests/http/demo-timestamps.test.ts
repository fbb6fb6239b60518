/**
 * Issue 25, the demo clock: every timestamp a demo account's objects carry is written at its demo time. The clock is
 * advanced 10 days, then each kind of object is created and moved through its life; each timestamp read back through
 * /v2/ (and the stored ones /v2/ does not show: updated_at) is the demo time, while a live object's is the real time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

const TEN_DAYS_MS = 10 * 24 * 3600 * 1000;

type Employee = { id: string; created_at: string; notified_at: string | null; claimed_at: string | null; verified_at: string | null };
type Payout = { id: string; payrun: string; created_at: string; notified_at: string | null; accepted_at: string | null };
type Payrun = { id: string; invoice: string | null; created_at: string; closed_at: string | null; paid_at: string | null };
type Invoice = { id: string; created_at: string; issued_at: string | null; paid_at: string | null };
type Message = { id: number; created_at: string };
type Page<T> = { results: T[] };
type Event = { name: string; created_at: string };
type Delivery = { id: string; created_at: string; attempts?: { attempted_at: string }[] };

let app: TestApp;
let receiver: Receiver;
let demo: string;
let live: string;
const D = { "Integration-ID": "ts-demo" };
const L = { "Integration-ID": "ts-live" };

/** `iso` is `expectedMs` within a minute (the requests of a slow machine take seconds; the offset is 10 days). */
function near(label: string, iso: string | null | undefined, expectedMs: number): void {
  expect(iso, label).toBeTypeOf("string");
  expect(Math.abs(Date.parse(iso ?? "") - expectedMs), `${label}: ${iso}`).toBeLessThan(60_000);
}
const demoNow = () => Date.now() + TEN_DAYS_MS;

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } });
  receiver = await startReceiver();
  const made = await app.newKey("demo");
  demo = made.key;
  ({ key: live } = await app.newKey("live", { account: made.account }));
  const moved = await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/advance/", {
    method: "POST",
    key: demo,
    body: { seconds: TEN_DAYS_MS / 1000 },
  });
  expect(moved.body.offset_seconds).toBe(TEN_DAYS_MS / 1000);
  expect((await app.json("/v2/integrations/", { method: "POST", key: demo, body: integrationBody({ id: D["Integration-ID"] }) })).status).toBe(201);
  expect((await app.json("/v2/integrations/", { method: "POST", key: live, body: integrationBody({ id: L["Integration-ID"] }) })).status).toBe(201);
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const post = <T>(path: string, body?: unknown) => app.json<T>(path, { method: "POST", key: demo, headers: D, body });
const patch = <T>(path: string, body: unknown) => app.json<T>(path, { method: "PATCH", key: demo, headers: D, body });
const get = <T>(path: string) => app.json<T>(path, { key: demo, headers: D });

describe("a demo account whose clock is 10 days ahead", () => {
  it("writes every timestamp of its objects at the demo time", async () => {
    const hook = await post<{ id: string }>("/v2/webhooks/", { url: `${receiver.url}/hook`, events: ["Employee.created", "Payout.accepted"] });
    expect(hook.status).toBe(201);

    // Employee: created, invited (the job), claimed and verified with the helpers.
    expect((await post("/v2/employees/", { id: "eve", name: "Eve Time", email: "eve@example.se", country: "SWE" })).status).toBe(201);
    await app.drainJobs();
    expect((await post("/v2/test_helpers/employees/eve/claim/")).status).toBe(200);
    expect((await post("/v2/test_helpers/employees/eve/verify/")).status).toBe(200);
    expect((await patch("/v2/employees/eve/", { name: "Eve Later" })).status).toBe(200);
    const employee = (await get<Employee>("/v2/employees/eve/")).body;
    for (const field of ["created_at", "notified_at", "claimed_at", "verified_at"] as const) near(`Employee.${field}`, employee[field], demoNow());

    // A Message to it.
    const message = await post<Message>("/v2/messages/", { employees: ["eve"], content: "Time flies" });
    expect(message.status).toBe(201);
    near("Message.created_at", (await get<Message>(`/v2/messages/${message.body.id}/`)).body.created_at, demoNow());

    // Payout → Payrun closed → Invoice issued and paid with the helper → Payout notified and accepted.
    const payout = await post<Payout>("/v2/payouts/", { id: "eve-1", amount: "1200.00", currency: "SEK", description: "Time", employee: "eve" });
    expect(payout.status).toBe(201);
    expect((await app.api(`/v2/payruns/${payout.body.payrun}/close/`, { method: "POST", key: demo, headers: D })).status).toBe(204);
    const invoiceId = (await get<Payrun>(`/v2/payruns/${payout.body.payrun}/`)).body.invoice;
    expect(invoiceId).not.toBeNull();
    expect((await post(`/v2/test_helpers/invoices/${invoiceId}/pay/`)).status).toBe(200);
    await app.drainJobs();
    expect((await post("/v2/test_helpers/payouts/eve-1/accept/")).status).toBe(200);
    await app.drainJobs();

    const readPayout = (await get<Payout>("/v2/payouts/eve-1/")).body;
    for (const field of ["created_at", "notified_at", "accepted_at"] as const) near(`Payout.${field}`, readPayout[field], demoNow());
    const payrun = (await get<Payrun>(`/v2/payruns/${payout.body.payrun}/`)).body;
    for (const field of ["created_at", "closed_at", "paid_at"] as const) near(`Payrun.${field}`, payrun[field], demoNow());
    const invoice = (await get<Invoice>(`/v2/invoices/${invoiceId}/`)).body;
    for (const field of ["created_at", "issued_at", "paid_at"] as const) near(`Invoice.${field}`, invoice[field], demoNow());

    // Its events, and their deliveries with their attempts.
    const events = (await get<Page<Event>>("/v2/events/")).body.results;
    expect(events.length).toBeGreaterThan(5);
    for (const event of events) near(`Event ${event.name}`, event.created_at, demoNow());
    const deliveries = (await get<Page<Delivery>>(`/v2/webhooks/${hook.body.id}/deliveries/`)).body.results;
    expect(deliveries).toHaveLength(2);
    for (const listed of deliveries) {
      near("Delivery.created_at", listed.created_at, demoNow());
      const { attempts = [] } = (await get<Delivery>(`/v2/webhooks/${hook.body.id}/deliveries/${listed.id}/`)).body;
      expect(attempts.length).toBeGreaterThan(0);
      for (const attempt of attempts) near("Attempt.attempted_at", attempt.attempted_at, demoNow());
    }

    // Updated after creation: the stored updated_at (not shown by /v2/) is the demo time too.
    expect((await patch(`/v2/webhooks/${hook.body.id}/`, { events: ["Employee.created"] })).status).toBe(200);
    expect((await patch(`/v2/integrations/${D["Integration-ID"]}/`, { name: "Later Ltd" })).status).toBe(200);
    const stored = {
      employee: await app.db.employee.findFirstOrThrow({ where: { id: "eve" }, select: { createdAt: true, updatedAt: true } }),
      payout: await app.db.payout.findFirstOrThrow({ where: { id: "eve-1" }, select: { createdAt: true, updatedAt: true } }),
      payrun: await app.db.payrun.findFirstOrThrow({ where: { id: payout.body.payrun }, select: { createdAt: true, updatedAt: true, lastActivityAt: true } }),
      invoice: await app.db.invoice.findFirstOrThrow({ where: { id: invoiceId ?? "" }, select: { createdAt: true, updatedAt: true } }),
      webhook: await app.db.webhookSubscription.findFirstOrThrow({ where: { id: hook.body.id }, select: { createdAt: true, updatedAt: true } }),
      integration: await app.db.integration.findFirstOrThrow({ where: { id: D["Integration-ID"] }, select: { createdAt: true, updatedAt: true } }),
    };
    for (const [model, row] of Object.entries(stored)) {
      for (const [field, value] of Object.entries(row)) near(`${model}.${field}`, value.toISOString(), demoNow());
    }
  });
});

describe("a live object of the same account", () => {
  it("is written at the real time", async () => {
    const call = <T>(method: string, path: string, body?: unknown) => app.json<T>(path, { method, key: live, headers: L, body });
    const employee = await call<Employee>("POST", "/v2/employees/", { id: "liv", name: "Liv Now", email: "liv@example.se", country: "SWE" });
    near("live Employee.created_at", employee.body.created_at, Date.now());
    const payout = await call<Payout>("POST", "/v2/payouts/", { id: "liv-1", amount: "100.00", currency: "SEK", description: "Now", employee: "liv" });
    near("live Payout.created_at", payout.body.created_at, Date.now());
    near("live Payrun.created_at", (await call<Payrun>("GET", `/v2/payruns/${payout.body.payrun}/`)).body.created_at, Date.now());
    const message = await call<Message>("POST", "/v2/messages/", { employees: ["liv"], content: "Now" });
    near("live Message.created_at", message.body.created_at, Date.now());
    const stored = await app.db.integration.findFirstOrThrow({ where: { id: L["Integration-ID"] }, select: { createdAt: true, updatedAt: true } });
    near("live Integration.created_at", stored.createdAt.toISOString(), Date.now());
    near("live Integration.updated_at", stored.updatedAt.toISOString(), Date.now());
  });
});

describe("the outbox's run times (real time)", () => {
  it("a job written due now at a demo time 10 days ahead is due at the real now, a live one at its own time", async () => {
    const dueOf = async (key: string, headers: Record<string, string>, id: string): Promise<number> => {
      expect(
        (await app.json("/v2/employees/", { method: "POST", key, headers, body: { id, name: "Job Time", email: `${id}@example.se`, country: "SWE" } })).status,
      ).toBe(201);
      const employee = await app.db.employee.findFirstOrThrow({ where: { id }, select: { pk: true } });
      const job = await app.db.outboxJob.findFirstOrThrow({ where: { kind: "employee.notify", payload: { path: ["employeePk"], equals: employee.pk } } });
      return job.runAt.getTime();
    };
    const before = Date.now();
    const demoDue = await dueOf(demo, D, "job-demo");
    // Not 10 days later (the demo time), and not before the request (a due-now job has no earlier time).
    expect(demoDue).toBeGreaterThanOrEqual(before - 5_000);
    expect(demoDue).toBeLessThanOrEqual(Date.now());
    const liveBefore = Date.now();
    const liveDue = await dueOf(live, L, "job-live");
    expect(liveDue).toBeGreaterThanOrEqual(liveBefore - 5_000);
    expect(liveDue).toBeLessThanOrEqual(Date.now());
  });
});

describe("a Payrun closed by the worker's auto-close (the job serves every account)", () => {
  it("is closed and invoiced at the account's demo time", async () => {
    const E = { "Integration-ID": "ts-explicit" };
    const call = <T>(method: string, path: string, body?: unknown) => app.json<T>(path, { method, key: demo, headers: E, body });
    expect(
      (await app.json("/v2/integrations/", { method: "POST", key: demo, body: integrationBody({ id: E["Integration-ID"], payrun_management: true }) })).status,
    ).toBe(201);
    expect((await call("POST", "/v2/employees/", { id: "ida", name: "Ida Idle", email: "ida@example.se", country: "SWE" })).status).toBe(201);
    expect((await call("POST", "/v2/payruns/", { id: "ts-idle" })).status).toBe(201);
    expect(
      (await call("POST", "/v2/payouts/", { id: "ida-1", amount: "300.00", currency: "SEK", description: "Idle", employee: "ida", payrun: "ts-idle" })).status,
    ).toBe(201);
    await app.drainJobs();
    const moved = await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/advance/", {
      method: "POST",
      key: demo,
      body: { seconds: 31 * 24 * 3600 },
    });
    const aheadMs = moved.body.offset_seconds * 1000;
    await app.drainJobs();
    const payrun = (await call<Payrun>("GET", "/v2/payruns/ts-idle/")).body;
    near("auto-closed Payrun.closed_at", payrun.closed_at, Date.now() + aheadMs);
    const invoice = (await call<Invoice>("GET", `/v2/invoices/${payrun.invoice}/`)).body;
    // Its Invoice was made (pro forma) with the Payrun, 31 demo days earlier; issued now.
    near("auto-closed Invoice.created_at", invoice.created_at, Date.parse(payrun.created_at));
    near("auto-closed Payrun.created_at", payrun.created_at, Date.now() + TEN_DAYS_MS);
    near("auto-closed Invoice.issued_at", invoice.issued_at, Date.now() + aheadMs);
    const stored = await app.db.invoice.findFirstOrThrow({ where: { id: invoice.id }, select: { updatedAt: true } });
    near("auto-closed Invoice.updated_at", stored.updatedAt.toISOString(), Date.now() + aheadMs);
  });
});

describe("a failed webhook delivery (the worker's)", () => {
  it("records its attempt, and its subscription's failure, at the account's demo time", async () => {
    receiver.respond = ({ path }) => (path === "/failing" ? 500 : 200);
    const offset = (await app.json<{ offset_seconds: number }>("/v2/test_helpers/clock/", { key: demo })).body.offset_seconds * 1000;
    const hook = await post<{ id: string }>("/v2/webhooks/", { url: `${receiver.url}/failing`, events: ["Employee.created"] });
    expect(hook.status).toBe(201);
    expect((await post("/v2/employees/", { id: "fay", name: "Fay Fail", email: "fay@example.se", country: "SWE" })).status).toBe(201);
    await app.drainJobs();
    const [listed] = (await get<Page<Delivery>>(`/v2/webhooks/${hook.body.id}/deliveries/`)).body.results;
    const { attempts = [] } = (await get<Delivery>(`/v2/webhooks/${hook.body.id}/deliveries/${listed.id}/`)).body;
    expect(attempts.length).toBeGreaterThan(0);
    near("failed Attempt.attempted_at", attempts[0].attempted_at, Date.now() + offset);
    const stored = await app.db.webhookSubscription.findFirstOrThrow({ where: { id: hook.body.id }, select: { updatedAt: true, failingSince: true } });
    near("failing WebhookSubscription.failing_since", stored.failingSince?.toISOString(), Date.now() + offset);
    near("failing WebhookSubscription.updated_at", stored.updatedAt.toISOString(), Date.now() + offset);
  });
});
