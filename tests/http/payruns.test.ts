/**
 * Payruns through /v2/ and the operators' procedures: joining and opening, price and count, list filters,
 * PATCH, close, delete, demo pay and operator markPaid, the notification of Payouts through the outbox (in
 * batches), isolation and events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/trpc/context";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const INT = "pr-int";

type Payrun = {
  id: string;
  currency: string;
  open: boolean;
  latest_status: string;
  price: string;
  payout_count: number;
  name: string | null;
  label_number: number | null;
  metadata: Record<string, unknown>;
  created_at: string;
  closed_at: string | null;
  paid_at: string | null;
};
type Payout = { id: string; payrun: string; cost: string; notified_at: string | null; latest_status: string };
type List<T> = { count: number; results: T[] };

const as = (k: string, integration = INT) => ({ key: k, headers: { "Integration-ID": integration } });
const payout = (over: Record<string, unknown> = {}) => ({ employee: "pia", amount: "1000.00", currency: "SEK", description: "Shift", ...over });

async function newIntegration(k: string, id: string) {
  expect((await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id }) })).status).toBe(201);
  expect(
    (await app.json("/v2/employees/", { method: "POST", ...as(k, id), body: { id: "pia", name: "Pia Holm", email: `pia@${id}.example`, country: "SWE" } }))
      .status,
  ).toBe(201);
}

async function createPayout(body: Record<string, unknown> | Record<string, unknown>[] = payout(), k = key, integration = INT) {
  const res = await app.json<Payout>("/v2/payouts/", { method: "POST", ...as(k, integration), body });
  expect(res.status).toBe(201);
  return res.body;
}

const getPayrun = (id: string, k = key, integration = INT) => app.json<Payrun>(`/v2/payruns/${id}/`, as(k, integration));

function operator(environment: Principal["environment"] = "live") {
  return callerFor(app, { via: "session", accountPk: null, environment, role: "operator", userId: "op" });
}

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  await newIntegration(key, INT);
});
afterAll(() => app?.close());

describe("joining and opening", () => {
  it("the first Payout opens a Payrun (Payrun.created); the next ones join it; price is the sum of their cost", async () => {
    const first = await createPayout();
    const second = await createPayout(payout({ amount: undefined, cost: "250.50" }));
    expect(second.payrun).toBe(first.payrun);
    const res = await getPayrun(first.payrun);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: first.payrun,
      currency: "SEK",
      open: true,
      latest_status: "open",
      price: "1630.41",
      payout_count: 2,
      metadata: {},
      closed_at: null,
      paid_at: null,
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const pk = (await app.db.payrun.findFirstOrThrow({ where: { id: first.payrun } })).pk;
    const events = await app.db.event.findMany({ where: { objectPk: pk } });
    expect(events.map((e) => e.name)).toEqual(["Payrun.created"]);
    expect(events[0].data).toMatchObject({ id: first.payrun, open: true, payout_count: 1, price: "1379.91" });
  });

  it("concurrent creates share one open Payrun", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "pr-race");
    const created = await Promise.all(Array.from({ length: 8 }, () => createPayout(payout(), k, "pr-race")));
    expect(new Set(created.map((p) => p.payrun)).size).toBe(1);
    const list = await app.json<List<Payrun>>("/v2/payruns/", as(k, "pr-race"));
    expect(list.body.results).toMatchObject([{ payout_count: 8, price: "11039.28" }]);
  });
});

describe("list, retrieve, update", () => {
  it("list with filters open, currency and timestamps; PATCH metadata and id (the Payrun moves); a closed one cannot be edited", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "pr-list");
    const a = await createPayout(payout(), k, "pr-list");
    expect((await app.api(`/v2/payruns/${a.payrun}/close/`, { method: "POST", ...as(k, "pr-list") })).status).toBe(204);
    const b = await createPayout(payout(), k, "pr-list");
    expect(b.payrun).not.toBe(a.payrun);
    const ids = async (q: string) => (await app.json<List<Payrun>>(`/v2/payruns/?${q}`, as(k, "pr-list"))).body.results.map((p) => p.id);
    expect(await ids("")).toEqual([b.payrun, a.payrun]);
    expect(await ids("open=true")).toEqual([b.payrun]);
    expect(await ids("open=False")).toEqual([a.payrun]);
    expect(await ids("closed_at_null=false")).toEqual([a.payrun]);
    expect(await ids("paid_at_null=true")).toHaveLength(2);
    expect(await ids("currency=sek")).toHaveLength(2);
    expect(await ids("currency=EUR")).toEqual([]);
    expect((await app.json("/v2/payruns/?open=maybe", as(k, "pr-list"))).status).toBe(400);

    const patched = await app.json<Payrun>(`/v2/payruns/${b.payrun}/`, { method: "PATCH", ...as(k, "pr-list"), body: { id: "june", metadata: { month: 6 } } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: "june", metadata: { month: 6 }, payout_count: 1 });
    expect((await getPayrun(b.payrun, k, "pr-list")).status).toBe(404);
    expect((await app.json<Payout>(`/v2/payouts/${b.id}/`, as(k, "pr-list"))).body.payrun).toBe("june");
    // Closed Payruns cannot be edited (a duplicate id on an open one: tests/http/explicit-payruns.test.ts).
    const closed = await app.json(`/v2/payruns/${a.payrun}/`, { method: "PATCH", ...as(k, "pr-list"), body: { id: "june" } });
    expect(closed.status).toBe(409);
    expect(closed.body).toEqual({ detail: "This Payrun is closed and can no longer be changed." });
    const put = await app.json("/v2/payruns/june/", { method: "PUT", ...as(k, "pr-list"), body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get("allow")).toBe("GET, PATCH, DELETE, HEAD, OPTIONS");
  });
});

describe("close and delete", () => {
  it("close: 204, then invoiced (409 to close again); the next Payout opens a new Payrun; its Payouts stay", async () => {
    const p = await createPayout(payout(), key, INT);
    const before = await getPayrun(p.payrun);
    expect(before.body).toMatchObject({ latest_status: "open", invoice: null, ocr_number: null, pdf: null, app: null });
    expect((await app.api(`/v2/payruns/${p.payrun}/close/`, { method: "POST", ...as(key) })).status).toBe(204);
    const closed = await getPayrun(p.payrun);
    expect(closed.body).toMatchObject({ open: false, latest_status: "invoiced", paid_at: null });
    expect(closed.body.closed_at).not.toBeNull();
    // Issue 25: DELETE of a Payout whose Payrun is invoiced cancels it (canceled_at) instead of refusing; it stays.
    expect((await app.api(`/v2/payouts/${p.id}/`, { method: "DELETE", ...as(key) })).status).toBe(204);
    const canceled = await app.json<{ canceled_at: string | null }>(`/v2/payouts/${p.id}/`, as(key));
    expect(canceled.status).toBe(200);
    expect(canceled.body.canceled_at).not.toBeNull();
    const again = await app.json(`/v2/payruns/${p.payrun}/close/`, { method: "POST", ...as(key) });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "This Payrun is already closed." });
    expect((await createPayout()).payrun).not.toBe(p.payrun);
  });

  it("label_number tells apart unnamed Payruns of one currency created the same UTC day; a lone one has none", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "pr-label");
    const first = await createPayout(payout(), k, "pr-label");
    expect((await getPayrun(first.payrun, k, "pr-label")).body).toMatchObject({ name: null, label_number: null });
    expect((await app.api(`/v2/payruns/${first.payrun}/close/`, { method: "POST", ...as(k, "pr-label") })).status).toBe(204);
    const second = await createPayout(payout(), k, "pr-label");
    const [a, b] = [(await getPayrun(first.payrun, k, "pr-label")).body, (await getPayrun(second.payrun, k, "pr-label")).body];
    // Both were opened within a second: the same UTC day but at midnight.
    const sameDay = a.created_at.slice(0, 10) === b.created_at.slice(0, 10);
    expect([a.label_number, b.label_number]).toEqual(sameDay ? [1, 2] : [null, null]);
    // The list gives the same numbers as each Payrun's own representation.
    const list = await app.json<List<Payrun>>("/v2/payruns/", as(k, "pr-label"));
    expect(Object.fromEntries(list.body.results.map((p) => [p.id, p.label_number]))).toEqual({ [a.id]: a.label_number, [b.id]: b.label_number });
  });

  it("delete: refused with Payouts (409), allowed once empty and unpaid (204), refused once paid (409)", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "pr-del");
    const p = await createPayout(payout(), k, "pr-del");
    const busy = await app.json(`/v2/payruns/${p.payrun}/`, { method: "DELETE", ...as(k, "pr-del") });
    expect(busy.status).toBe(409);
    expect(busy.body).toEqual({ detail: "This Payrun has Payouts and cannot be deleted." });
    expect((await app.api(`/v2/payouts/${p.id}/`, { method: "DELETE", ...as(k, "pr-del") })).status).toBe(204);
    expect((await getPayrun(p.payrun, k, "pr-del")).body).toMatchObject({ payout_count: 0, price: "0.00" });
    expect((await app.api(`/v2/payruns/${p.payrun}/`, { method: "DELETE", ...as(k, "pr-del") })).status).toBe(204);
    expect((await getPayrun(p.payrun, k, "pr-del")).status).toBe(404);

    const q = await createPayout(payout(), k, "pr-del");
    expect((await app.json(`/v2/payruns/${q.payrun}/pay/`, { method: "POST", ...as(k, "pr-del") })).status).toBe(200);
    const paid = await app.json(`/v2/payruns/${q.payrun}/`, { method: "DELETE", ...as(k, "pr-del") });
    expect(paid.status).toBe(409);
    expect(paid.body).toEqual({ detail: "This Payrun has been paid and can no longer be changed or deleted." });
    expect((await app.json(`/v2/payruns/${q.payrun}/`, { method: "PATCH", ...as(k, "pr-del"), body: { metadata: { a: 1 } } })).status).toBe(409);
    expect((await app.json(`/v2/payruns/${q.payrun}/close/`, { method: "POST", ...as(k, "pr-del") })).status).toBe(409);
  });
});

describe("paying", () => {
  it("demo pay: closes, sets paid_at, records Payrun.paid; the outbox then notifies every Payout (in batches)", async () => {
    const { key: k } = await app.newKey("demo");
    await newIntegration(k, "pr-pay");
    const bulk = await app.json<Payout[]>("/v2/payouts/", {
      method: "POST",
      ...as(k, "pr-pay"),
      body: Array.from({ length: 130 }, (_, i) => payout({ id: `n-${i}`, amount: `${i + 1}.00` })),
    });
    expect(bulk.status).toBe(201);
    const payrunId = bulk.body[0].payrun;

    const paid = await app.json<Payrun>(`/v2/payruns/${payrunId}/pay/`, { method: "POST", ...as(k, "pr-pay") });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ id: payrunId, open: false, latest_status: "paid", payout_count: 130 });
    expect(paid.body.paid_at).not.toBeNull();
    expect(paid.body.closed_at).toBe(paid.body.paid_at);
    const again = await app.json(`/v2/payruns/${payrunId}/pay/`, { method: "POST", ...as(k, "pr-pay") });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "This Payrun has already been paid." });

    const notified = async () => (await app.json<List<Payout>>("/v2/payouts/?notified_at_null=false&page_size=100", as(k, "pr-pay"))).body.count;
    expect(await notified()).toBe(0);
    await app.drainJobs();
    const payrunPk = (await app.db.payrun.findFirstOrThrow({ where: { id: payrunId } })).pk;
    const job = await app.db.outboxJob.findFirstOrThrow({ where: { kind: "payrun.notify_payouts", payload: { path: ["payrunPk"], equals: payrunPk } } });
    expect(job).toMatchObject({ lastError: null, attempts: 1 });
    expect(job.completedAt).not.toBeNull();
    expect(await notified()).toBe(130);
    const one = await app.json<Payout>("/v2/payouts/n-0/", as(k, "pr-pay"));
    // Issue 25's status model: paid and notified, but its Employee has not claimed the invitation yet.
    expect(one.body.latest_status).toBe("onboarding_incomplete");

    const integrationPk = (await app.db.integration.findFirstOrThrow({ where: { id: "pr-pay" } })).pk;
    const count = (name: string) => app.db.event.count({ where: { integrationPk, name } });
    expect([await count("Payrun.created"), await count("Payrun.paid"), await count("Payout.created"), await count("Payout.notified")]).toEqual([
      1, 1, 130, 130,
    ]);
    expect(app.mails().filter((m) => m.text.includes("To: pia@pr-pay.example") && m.file.startsWith("payout-"))).toHaveLength(130);
  });

  it("pay through the API is demo only: a live key gets 403", async () => {
    const live = await app.newKey("live");
    await newIntegration(live.key, "pr-live");
    const p = await createPayout(payout(), live.key, "pr-live");
    const res = await app.json(`/v2/payruns/${p.payrun}/pay/`, { method: "POST", ...as(live.key, "pr-live") });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Payruns can be marked paid through the API in the demo environment only; live Payruns are paid by bank transfer." });
    expect((await getPayrun(p.payrun, live.key, "pr-live")).body.paid_at).toBeNull();
  });

  it("operators see unpaid Payruns of every account and mark them paid (any environment); others may not", async () => {
    const live = await app.newKey("live");
    await newIntegration(live.key, "pr-op");
    const p = await createPayout(payout(), live.key, "pr-op");
    const unpaid = await operator().payruns.unpaid();
    const entry = unpaid.find((u) => u.payrun.id === p.payrun);
    expect(entry).toMatchObject({ integration: { id: "pr-op" }, environment: "live", account: live.account, payrun: { payout_count: 1, price: "1379.91" } });
    const paid = await operator().payruns.markPaid({ payrunPk: entry!.pk });
    expect(paid).toMatchObject({ id: p.payrun, latest_status: "paid" });
    await expect(operator().payruns.markPaid({ payrunPk: entry!.pk })).rejects.toThrow(/already been paid/);
    expect((await operator().payruns.unpaid()).some((u) => u.pk === entry!.pk)).toBe(false);
    await app.drainJobs();
    expect((await app.json<Payout>(`/v2/payouts/${p.id}/`, as(live.key, "pr-op"))).body.latest_status).toBe("onboarding_incomplete"); // Employee unclaimed

    const client = callerFor(app, { via: "session", accountPk: live.accountPk, environment: "live", role: "client", userId: "c" });
    await expect(client.payruns.markPaid({ payrunPk: entry!.pk })).rejects.toThrow();
    await expect(client.payruns.unpaid()).rejects.toThrow();
  });
});

describe("isolation", () => {
  it("Payruns of another Integration, account or environment answer 404", async () => {
    const p = await createPayout();
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "pr-other" }) });
    for (const [method, path] of [
      ["GET", `/v2/payruns/${p.payrun}/`],
      ["PATCH", `/v2/payruns/${p.payrun}/`],
      ["DELETE", `/v2/payruns/${p.payrun}/`],
      ["POST", `/v2/payruns/${p.payrun}/close/`],
      ["POST", `/v2/payruns/${p.payrun}/pay/`],
    ]) {
      const res = await app.json(path, { method, ...as(key, "pr-other"), body: method === "PATCH" ? {} : undefined });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await app.json<List<Payrun>>("/v2/payruns/", as(key, "pr-other"))).body.count).toBe(0);
    const stranger = await app.newKey("demo");
    expect((await getPayrun(p.payrun, stranger.key)).status).toBe(404);
    expect((await getPayrun(p.payrun)).body.paid_at).toBeNull();
  });
});
