/**
 * Issue 25's "done when": a whole life in the demo environment driven with test helpers only, on both databases.
 * Employee created → claimed → verified; Payout created → not_funded → (Payrun closed, its Invoice paid with the
 * helper) → notification_sent → available → complete. At each step the `latest_status` is read back, and the
 * step's event is awaited at a webhook receiver (one subscription per event) before the next step starts, with
 * the object as it was then.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
let key: string;
const H = { "Integration-ID": "life-int" };

type Employee = { id: string; latest_status: string; claimed_at: string | null; verified_at: string | null };
type Payout = { id: string; payrun: string; latest_status: string; notified_at: string | null; accepted_at: string | null };
type Payrun = { id: string; latest_status: string; invoice: string | null };
type Invoice = { id: string; status: string };
type Delivery = { latest_status?: string; status?: string; id: string };

const EVENTS = [
  "Employee.created",
  "Employee.notified",
  "Employee.claimed",
  "Employee.verified",
  "Payout.created",
  "Payrun.created",
  "Payrun.paid",
  "Payout.notified",
  "Payout.accepted",
];

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", outbox: { retryBaseMs: 5 } });
  receiver = await startReceiver();
  ({ key } = await app.newKey("demo"));
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: H["Integration-ID"] }) })).status).toBe(201);
  for (const event of EVENTS) {
    const hook = await app.json("/v2/webhooks/", { method: "POST", key, headers: H, body: { url: `${receiver.url}/hook/${event}`, events: [event] } });
    expect(hook.status, event).toBe(201);
  }
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

const post = <T>(path: string, body?: unknown) => app.json<T>(path, { method: "POST", key, headers: H, body });
const get = <T>(path: string) => app.json<T>(path, { key, headers: H });

/** Runs the outbox until `event` has reached its webhook `count` times; the bodies received. */
async function received(event: string, count = 1): Promise<Delivery[]> {
  const deadline = Date.now() + 20_000;
  const at = () => receiver.received.filter((r) => r.path === `/hook/${event}`);
  while (at().length < count && Date.now() < deadline) {
    await app.drainJobs();
    await new Promise((r) => setTimeout(r, 10));
  }
  return at().map((r) => JSON.parse(r.body) as Delivery);
}

/** The step's event arrived once, its body the object in `status` (Employees, Payouts, Payruns). */
async function expectEvent(event: string, id: string, status?: string): Promise<void> {
  const bodies = await received(event);
  expect(
    bodies.map((b) => b.id),
    event,
  ).toEqual([id]);
  if (status) expect(bodies[0].latest_status ?? bodies[0].status, event).toBe(status);
}

describe("a sandbox life with test helpers only", () => {
  it("every step's latest_status, and every step's event at its webhook", async () => {
    // Employee: created, invited (the invitation goes out), claimed (onboarding), verified (active).
    const created = await post<Employee>("/v2/employees/", { id: "ann", name: "Ann Life", email: "ann@example.se", country: "SWE" });
    expect(created.status).toBe(201);
    expect(created.body.latest_status).toBe("created");
    await expectEvent("Employee.created", "ann", "created");
    await expectEvent("Employee.notified", "ann", "invited");
    expect((await get<Employee>("/v2/employees/ann/")).body.latest_status).toBe("invited");

    const claimed = await post<Employee>("/v2/test_helpers/employees/ann/claim/");
    expect(claimed.status).toBe(200);
    expect(claimed.body.latest_status).toBe("onboarding");
    expect(claimed.body.claimed_at).not.toBeNull();
    expect((await get<Employee>("/v2/employees/ann/")).body.latest_status).toBe("onboarding");
    await expectEvent("Employee.claimed", "ann", "onboarding");

    const verified = await post<Employee>("/v2/test_helpers/employees/ann/verify/");
    expect(verified.status).toBe(200);
    expect(verified.body.latest_status).toBe("active");
    expect((await get<Employee>("/v2/employees/ann/")).body.verified_at).not.toBeNull();
    await expectEvent("Employee.verified", "ann", "active");

    // Payout: created in an open Payrun.
    const payout = await post<Payout>("/v2/payouts/", { id: "ann-1", amount: "2500.00", currency: "SEK", description: "Life", employee: "ann" });
    expect(payout.status).toBe(201);
    expect(payout.body.latest_status).toBe("created");
    await expectEvent("Payout.created", "ann-1", "created");
    await expectEvent("Payrun.created", payout.body.payrun, "open");
    const refused = await post<{ detail: string }>("/v2/test_helpers/payouts/ann-1/accept/");
    expect(refused.status).toBe(409);

    // The Payrun closes: its Invoice is issued, the Payout waits for the money (not_funded).
    expect((await app.api(`/v2/payruns/${payout.body.payrun}/close/`, { method: "POST", key, headers: H })).status).toBe(204);
    expect((await get<Payout>("/v2/payouts/ann-1/")).body.latest_status).toBe("not_funded");
    const payrun = (await get<Payrun>(`/v2/payruns/${payout.body.payrun}/`)).body;
    expect(payrun.latest_status).toBe("invoiced");
    expect(payrun.invoice).not.toBeNull();
    expect((await post<{ detail: string }>("/v2/test_helpers/payouts/ann-1/accept/")).status).toBe(409);

    // The helper pays the Invoice: the Payrun is paid, the Payout notified; its Employee is verified, so available.
    const paid = await post<Invoice>(`/v2/test_helpers/invoices/${payrun.invoice}/pay/`);
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("paid");
    await expectEvent("Payrun.paid", payout.body.payrun, "paid");
    expect((await get<Payrun>(`/v2/payruns/${payout.body.payrun}/`)).body.latest_status).toBe("paid");
    // The Payout.notified body is the Payout when the notification was sent: notified, its Employee active.
    const notified = await received("Payout.notified");
    expect(notified.map((b) => b.id)).toEqual(["ann-1"]);
    expect(["notification_sent", "available"]).toContain(notified[0].latest_status);
    const available = (await get<Payout>("/v2/payouts/ann-1/")).body;
    expect(available.latest_status).toBe("available");
    expect(available.notified_at).not.toBeNull();

    // The Employee accepts it: complete.
    const accepted = await post<Payout>("/v2/test_helpers/payouts/ann-1/accept/");
    expect(accepted.status).toBe(200);
    expect(accepted.body.latest_status).toBe("complete");
    expect((await get<Payout>("/v2/payouts/ann-1/")).body).toEqual(accepted.body);
    await expectEvent("Payout.accepted", "ann-1", "complete");

    // Nothing was delivered twice, and every event of the life reached its webhook.
    await app.drainJobs();
    for (const event of EVENTS)
      expect(
        receiver.received.filter((r) => r.path === `/hook/${event}`),
        event,
      ).toHaveLength(1);
  });

  it("with the Employee claimed but not verified, the paid Payout is notification_sent until the verify helper", async () => {
    await post("/v2/employees/", { id: "bo", name: "Bo Life", email: "bo@example.se", country: "SWE" });
    await post("/v2/test_helpers/employees/bo/claim/");
    const payout = await post<Payout>("/v2/payouts/", { id: "bo-1", amount: "900.00", currency: "SEK", description: "Life", employee: "bo" });
    expect((await post<Payrun>(`/v2/test_helpers/payruns/${payout.body.payrun}/pay/`)).body.latest_status).toBe("paid");
    await app.drainJobs();
    expect((await get<Payout>("/v2/payouts/bo-1/")).body.latest_status).toBe("notification_sent");
    const unverified = await post<{ detail: string }>("/v2/test_helpers/payouts/bo-1/accept/");
    expect(unverified).toMatchObject({ status: 409, body: { detail: "The Employee has not been verified yet." } });
    await post("/v2/test_helpers/employees/bo/verify/");
    expect((await get<Payout>("/v2/payouts/bo-1/")).body.latest_status).toBe("available");
    expect((await post<Payout>("/v2/test_helpers/payouts/bo-1/accept/")).body.latest_status).toBe("complete");
  });
});
