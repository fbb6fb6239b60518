/**
 * /v2/test_helpers/ (demo only): a whole life driven with helpers only, each latest_status checked at each step and
 * each event received by a webhook; live keys refused on every helper; the full status model's other values;
 * GET /v2/payment_term/; Invoice metadata; DELETE of an invoiced Payout cancels it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
let key: string;
const INT = "th-int";
const H = { "Integration-ID": INT };

type Employee = { id: string; latest_status: string; claimed_at: string | null; verified_at: string | null };
type Payout = { id: string; payrun: string; latest_status: string; notified_at: string | null; accepted_at: string | null; canceled_at: string | null };
type Payrun = { id: string; latest_status: string; invoice: string | null };
type Invoice = { id: string; status: string; metadata: Record<string, unknown>; total: string };

const EVENTS = [
  "Employee.created",
  "Employee.claimed",
  "Employee.verified",
  "Payout.created",
  "Payout.notified",
  "Payout.accepted",
  "Payrun.created",
  "Payrun.paid",
];

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } });
  receiver = await startReceiver();
  ({ key } = await app.newKey("demo"));
  await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: INT }) });
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const post = <T>(path: string, body?: unknown, k = key, headers = H) => app.json<T>(path, { method: "POST", key: k, headers, body });
const get = <T>(path: string, k = key, headers = H) => app.json<T>(path, { key: k, headers });
const employee = (id: string, over: Record<string, unknown> = {}) => ({ id, name: `Name ${id}`, email: `${id}@example.se`, country: "SWE", ...over });
const payout = (id: string, employeeId: string) => ({ id, amount: "1000.00", currency: "SEK", description: `Work ${id}`, employee: employeeId });

/** Runs the outbox until the receiver has `count` deliveries at `path`. */
async function deliveries(path: string, count: number): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + 20_000;
  const at = () => receiver.received.filter((r) => r.path === path);
  while (at().length < count && Date.now() < deadline) {
    await app.drainJobs();
    await new Promise((r) => setTimeout(r, 10));
  }
  return at().map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

describe("a whole life with helpers only", () => {
  it("Employee created → claimed → verified; Payout created → not_funded → notification_sent → available → complete; every event delivered", async () => {
    const hooks = EVENTS.map((event) => ({ event, path: `/life/${event}` }));
    for (const { event, path } of hooks) expect((await post("/v2/webhooks/", { url: `${receiver.url}${path}`, events: [event] })).status).toBe(201);

    const created = await post<Employee>("/v2/employees/", employee("life"));
    expect(created.body.latest_status).toBe("created");
    await app.drainJobs();
    expect((await get<Employee>("/v2/employees/life/")).body.latest_status).toBe("invited");

    const claimed = await post<Employee>("/v2/test_helpers/employees/life/claim/");
    expect(claimed.status).toBe(200);
    expect(claimed.body).toMatchObject({ id: "life", latest_status: "onboarding", verified_at: null });
    expect(claimed.body).toEqual((await get<Employee>("/v2/employees/life/")).body);

    const p = await post<Payout>("/v2/payouts/", payout("life-1", "life"));
    expect(p.body.latest_status).toBe("created");
    const early = await post<{ detail: string }>("/v2/test_helpers/payouts/life-1/accept/");
    expect(early.status).toBe(409);
    expect(early.body.detail).toMatch(/Payrun is still open/);

    expect((await app.api(`/v2/payruns/${p.body.payrun}/close/`, { method: "POST", key, headers: H })).status).toBe(204);
    expect((await get<Payout>("/v2/payouts/life-1/")).body.latest_status).toBe("not_funded");
    const payrun = (await get<Payrun>(`/v2/payruns/${p.body.payrun}/`)).body;
    expect(payrun.latest_status).toBe("invoiced");
    const unpaid = await post<{ detail: string }>("/v2/test_helpers/payouts/life-1/accept/");
    expect(unpaid.status).toBe(409);
    expect(unpaid.body.detail).toMatch(/has not been paid/);

    const paid = await post<Invoice>(`/v2/test_helpers/invoices/${payrun.invoice}/pay/`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: payrun.invoice, status: "paid" });
    await app.drainJobs();
    expect((await get<Payrun>(`/v2/payruns/${p.body.payrun}/`)).body.latest_status).toBe("paid");
    const notified = (await get<Payout>("/v2/payouts/life-1/")).body;
    expect(notified).toMatchObject({ latest_status: "notification_sent" });
    expect(notified.notified_at).not.toBeNull();
    const unverified = await post<{ detail: string }>("/v2/test_helpers/payouts/life-1/accept/");
    expect(unverified.status).toBe(409);
    expect(unverified.body.detail).toBe("The Employee has not been verified yet.");

    const verified = await post<Employee>("/v2/test_helpers/employees/life/verify/");
    expect(verified.status).toBe(200);
    expect(verified.body.latest_status).toBe("active");
    expect((await get<Payout>("/v2/payouts/life-1/")).body.latest_status).toBe("available");
    expect((await post("/v2/test_helpers/employees/life/verify/")).status).toBe(409);
    expect((await post("/v2/test_helpers/employees/life/claim/")).status).toBe(409);

    const accepted = await post<Payout>("/v2/test_helpers/payouts/life-1/accept/");
    expect(accepted.status).toBe(200);
    expect(accepted.body.latest_status).toBe("complete");
    expect(accepted.body).toEqual((await get<Payout>("/v2/payouts/life-1/")).body);
    expect((await post<{ detail: string }>("/v2/test_helpers/payouts/life-1/accept/")).status).toBe(409);

    // Each event reached its webhook, with the object as it was then.
    const bodies = async (event: string, count = 1) => deliveries(`/life/${event}`, count);
    expect((await bodies("Employee.created")).map((b) => b.latest_status)).toEqual(["created"]);
    expect((await bodies("Employee.claimed")).map((b) => b.latest_status)).toEqual(["onboarding"]);
    expect((await bodies("Employee.verified")).map((b) => b.latest_status)).toEqual(["active"]);
    expect((await bodies("Payout.created")).map((b) => b.latest_status)).toEqual(["created"]);
    expect((await bodies("Payout.notified")).map((b) => b.latest_status)).toEqual(["notification_sent"]);
    expect((await bodies("Payout.accepted")).map((b) => b.latest_status)).toEqual(["complete"]);
    expect((await bodies("Payrun.created")).map((b) => b.id)).toEqual([p.body.payrun]);
    expect((await bodies("Payrun.paid")).map((b) => b.latest_status)).toEqual(["paid"]);
  });

  it("the Payrun helper pays too; a Payout whose Employee never claimed is onboarding_incomplete until it does", async () => {
    await post("/v2/employees/", employee("late"));
    const p = await post<Payout>("/v2/payouts/", payout("late-1", "late"));
    const paid = await post<Payrun>(`/v2/test_helpers/payruns/${p.body.payrun}/pay/`);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: p.body.payrun, latest_status: "paid" });
    await app.drainJobs();
    expect((await get<Payout>("/v2/payouts/late-1/")).body.latest_status).toBe("onboarding_incomplete");
    const unclaimed = await post<{ detail: string }>("/v2/test_helpers/payouts/late-1/accept/");
    expect(unclaimed.status).toBe(409);
    expect(unclaimed.body.detail).toBe("The Employee has not opened the invitation yet.");
    expect((await post("/v2/test_helpers/employees/late/verify/")).status).toBe(409);
    await post("/v2/test_helpers/employees/late/claim/");
    expect((await get<Payout>("/v2/payouts/late-1/")).body.latest_status).toBe("notification_sent");
    const list = await get<{ results: Payout[] }>("/v2/payouts/?latest_status=notification_sent");
    expect(list.body.results.map((r) => r.id)).toContain("late-1");
    expect((await get<{ results: Payout[] }>("/v2/payouts/?latest_status=complete")).body.results.map((r) => r.id)).toEqual(["life-1"]);
    // The old demo-pay paths still work.
    const q = await post<Payout>("/v2/payouts/", payout("late-2", "late"));
    expect((await post<Payrun>(`/v2/payruns/${q.body.payrun}/pay/`)).status).toBe(200);
  });

  it("helpers answer 404 for another Integration's objects", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "th-other" }) });
    const other = { "Integration-ID": "th-other" };
    expect((await post("/v2/test_helpers/employees/life/claim/", undefined, key, other)).status).toBe(404);
    expect((await post("/v2/test_helpers/payouts/life-1/accept/", undefined, key, other)).status).toBe(404);
  });
});

describe("live keys", () => {
  it("get 403 with a clear message on every helper", async () => {
    const { key: live } = await app.newKey("live");
    await app.json("/v2/integrations/", { method: "POST", key: live, body: integrationBody({ id: "th-live" }) });
    for (const path of [
      "/v2/test_helpers/employees/x/claim/",
      "/v2/test_helpers/employees/x/verify/",
      "/v2/test_helpers/payouts/x/accept/",
      "/v2/test_helpers/invoices/x/pay/",
      "/v2/test_helpers/payruns/x/pay/",
    ]) {
      for (const headers of [{ "Integration-ID": "th-live" }, { "Integration-ID": "unknown" }]) {
        const res = await post<{ detail: string }>(path, undefined, live, headers);
        expect(res.status, path).toBe(403);
        expect(res.body).toEqual({ detail: "Test helpers work with demo API keys only; this is a live key." });
      }
    }
    const doc = await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json", { key: null });
    for (const path of [
      "/test_helpers/employees/{employee_id}/claim/",
      "/test_helpers/payouts/{payout_id}/accept/",
      "/test_helpers/payruns/{payrun_id}/pay/",
    ]) {
      expect(Object.keys(doc.body.paths[path].post.responses)).toEqual(expect.arrayContaining(["200", "400", "401", "403", "404", "409"]));
    }
  });
});

describe("statuses without helpers", () => {
  it("an Employee without an email is not_invited", async () => {
    await post("/v2/employees/", employee("noemail"));
    const pk = (await app.db.employee.findFirstOrThrow({ where: { id: "noemail" } })).pk;
    await app.db.employee.update({ where: { pk }, data: { email: null } });
    await app.drainJobs();
    expect((await get<Employee>("/v2/employees/noemail/")).body.latest_status).toBe("not_invited");
  });
});

describe("DELETE of a Payout", () => {
  it("deletes it while its Payrun is open, cancels it once invoiced (readable, canceled_at filter), refuses once paid", async () => {
    await post("/v2/employees/", employee("can"));
    const open = await post<Payout>("/v2/payouts/", payout("can-0", "can"));
    expect((await app.api("/v2/payouts/can-0/", { method: "DELETE", key, headers: H })).status).toBe(204);
    expect((await get("/v2/payouts/can-0/")).status).toBe(404);

    const p = await post<Payout>("/v2/payouts/", payout("can-1", "can"));
    expect(p.body.payrun).toBe(open.body.payrun);
    await app.api(`/v2/payruns/${p.body.payrun}/close/`, { method: "POST", key, headers: H });
    expect((await app.api("/v2/payouts/can-1/", { method: "DELETE", key, headers: H })).status).toBe(204);
    const canceled = await get<Payout>("/v2/payouts/can-1/");
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled_at).not.toBeNull();
    expect(canceled.body.latest_status).toBe("not_funded");
    expect((await get<{ results: Payout[] }>("/v2/payouts/?canceled_at_null=false")).body.results.map((r) => r.id)).toEqual(["can-1"]);
    const again = await app.json<{ detail: string }>("/v2/payouts/can-1/", { method: "DELETE", key, headers: H });
    expect(again).toMatchObject({ status: 409, body: { detail: "This Payout has been canceled." } });

    const payrun = (await get<Payrun>(`/v2/payruns/${p.body.payrun}/`)).body;
    await post(`/v2/test_helpers/invoices/${payrun.invoice}/pay/`);
    await app.drainJobs();
    const after = (await get<Payout>("/v2/payouts/can-1/")).body;
    expect(after.notified_at).toBeNull();
    expect((await post<{ detail: string }>("/v2/test_helpers/payouts/can-1/accept/")).body.detail).toBe("This Payout has been canceled.");
  });
});

describe("GET /v2/payment_term/", () => {
  it("is one object from the rules billing applies", async () => {
    const res = await get("/v2/payment_term/");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      batching_duration: 0,
      due_days: 14,
      batching_interval: null,
      credit_terms: [{ currency: "SEK", credit_limit: "0.00", credit_used: "0.00" }],
    });
    await app.json(`/v2/integrations/${INT}/`, { method: "PATCH", key, body: { payment_term_days: 30 } });
    expect((await get<{ due_days: number }>("/v2/payment_term/")).body.due_days).toBe(30);
    expect((await app.json("/v2/payment_term/", { key })).status).toBe(400);
  });
});

describe("Invoice metadata", () => {
  it("is returned, and set with PATCH", async () => {
    await post("/v2/employees/", employee("meta"));
    const p = await post<Payout>("/v2/payouts/", payout("meta-1", "meta"));
    const invoiceId = (await get<Payrun>(`/v2/payruns/${p.body.payrun}/`)).body.invoice;
    const id = invoiceId ?? (await get<{ results: Invoice[] }>("/v2/invoices/?status=proforma")).body.results[0].id;
    expect((await get<Invoice>(`/v2/invoices/${id}/`)).body.metadata).toEqual({});
    const patched = await app.json<Invoice>(`/v2/invoices/${id}/`, { method: "PATCH", key, headers: H, body: { metadata: { po: "4711" } } });
    expect(patched.status).toBe(200);
    expect(patched.body.metadata).toEqual({ po: "4711" });
    expect((await get<Invoice>(`/v2/invoices/${id}/`)).body).toEqual(patched.body);
    const bad = await app.json(`/v2/invoices/${id}/`, { method: "PATCH", key, headers: H, body: { metadata: [1] } });
    expect(bad.status).toBe(400);
  });
});
