/**
 * The audit log and the request log are records of what people did and when: a demo account's acts are stamped
 * with the real time, whatever its demo clock says (demo-clock.ts `realNow`), so they sort and expire with every
 * other record. The demo object's own times, carried in a record's `after`, are its demo times.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { integrationBody, sessionCookie, startTestApp, trpc, type TestApp } from "../support/test-app";

const DAY = 24 * 3600_000;
const AHEAD = 40 * DAY;
const H = { "Integration-ID": "audit-time" };

let app: TestApp;
let key: string;
let account: string;
let accountPk: string;

beforeAll(async () => {
  app = await startTestApp({ webhookPrivateTargets: "demo", requestLog: { flushMs: 20 } });
  ({ key, account } = await app.newKey("demo"));
  ({ pk: accountPk } = await app.db.account.findFirstOrThrow({ where: { name: account }, select: { pk: true } }));
  expect((await app.json("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: AHEAD / 1000 } })).status).toBe(200);
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: H["Integration-ID"] }) })).status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

const post = <T>(path: string, body?: unknown) => app.json<T>(path, { method: "POST", key, headers: H, body });
const near = (label: string, value: Date | string | null | undefined, expected: number) =>
  expect.soft(Math.abs(new Date(value ?? 0).getTime() - expected), `${label}: ${String(value)}`).toBeLessThan(2 * 60_000);

/** A Payout's Payrun, closed; answers its Invoice's id and the Payrun's. */
async function closedPayrun(id: string): Promise<{ payrun: string; invoice: string }> {
  expect((await post("/v2/employees/", { id, name: `Name ${id}`, email: `${id}@example.se`, country: "SWE" })).status).toBe(201);
  const payout = await post<{ payrun: string }>("/v2/payouts/", { id: `${id}-1`, amount: "100.00", currency: "SEK", description: "Work", employee: id });
  expect(payout.status).toBe(201);
  expect((await app.api(`/v2/payruns/${payout.body.payrun}/close/`, { method: "POST", key, headers: H })).status).toBe(204);
  const payrun = await app.json<{ invoice: string }>(`/v2/payruns/${payout.body.payrun}/`, { key, headers: H });
  return { payrun: payout.body.payrun, invoice: payrun.body.invoice };
}

describe("a demo account 40 days ahead", () => {
  it("is audited at the real time for what a key does: a webhook, an invoice and a Payrun paid with the helpers", async () => {
    expect((await post("/v2/webhooks/", { url: "http://127.0.0.1:9/hook", events: ["Employee.created"] })).status).toBe(201);
    const first = await closedPayrun("ana");
    const paid = await post<{ paid_at: string }>(`/v2/test_helpers/invoices/${first.invoice}/pay/`);
    expect(paid.status).toBe(200);
    near("Invoice.paid_at (demo)", paid.body.paid_at, Date.now() + AHEAD);
    const second = await closedPayrun("bo");
    expect((await post(`/v2/test_helpers/payruns/${second.payrun}/pay/`)).status).toBe(200);

    const records = await app.db.auditRecord.findMany({
      where: { accountPk, action: { in: ["webhook.created", "invoice.marked_paid", "payrun.marked_paid"] } },
      select: { action: true, at: true, after: true },
    });
    expect(records.map((r) => r.action).sort()).toEqual(["invoice.marked_paid", "payrun.marked_paid", "webhook.created"]);
    for (const r of records) near(`AuditRecord ${r.action}.at`, r.at, Date.now());
    // What the record says of the demo object is its own (demo) time.
    const invoicePaid = records.find((r) => r.action === "invoice.marked_paid")?.after as { paid_at?: string } | null;
    near("invoice.marked_paid after.paid_at", invoicePaid?.paid_at, Date.now() + AHEAD);
  });

  it("is audited at the real time for a Payout a person makes in the dashboard's demo view", async () => {
    const email = "pia@example.test";
    await createUser(app.db, {
      email,
      password: "a-long-password",
      name: "Pia",
      accountPk,
      role: "client",
    });
    const cookie = await sessionCookie(app, email, "a-long-password");
    expect((await post("/v2/employees/", { id: "cy", name: "Cy", email: "cy@example.se", country: "SWE" })).status).toBe(201);
    // The dashboard's default view is demo; its Integration is the one its cookie names.
    const made = await trpc<{ created_at: string }>(
      app,
      "payouts.create",
      { id: "cy-1", amount: "50.00", currency: "SEK", description: "Work", employee: "cy" },
      { cookie: `${cookie}; payroute_integration=${H["Integration-ID"]}`, mutation: true },
    );
    expect(made.status, JSON.stringify(made.error)).toBe(200);
    const payout = made.data;
    near("Payout.created_at (demo)", payout?.created_at, Date.now() + AHEAD);
    const record = await app.db.auditRecord.findFirstOrThrow({ where: { action: "payout.created", actorLabel: email }, select: { at: true } });
    near("AuditRecord payout.created.at", record.at, Date.now());
  });

  it("has its requests logged at the real time", async () => {
    await new Promise((r) => setTimeout(r, 300)); // the writer's flushMs
    const rows = await app.db.requestLog.findMany({ where: { accountPk }, select: { createdAt: true } });
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) near("RequestLog.created_at", r.createdAt, Date.now());
  });
});
