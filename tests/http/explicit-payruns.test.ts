/**
 * Explicit Payruns through /v2/: POST /v2/payruns/ behind the Integration's payrun_management (403 without),
 * the reserved id `open` and /v2/payruns/open/, Payouts naming their Payrun (400 unless open, in their
 * currency and allowed), explicit Payruns taking only Payouts that name them, the newer fields, editing
 * (refused once closed), and the scheduled job that closes idle or old ones and removes unused ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;

type Payrun = {
  id: string;
  currency: string;
  name: string | null;
  description: string;
  invoice_marking: string | null;
  manually_managed: boolean;
  expected_close_at: string | null;
  open: boolean;
  latest_status: string;
  payout_count: number;
  invoice: string | null;
  created_at: string;
};
type Payout = { id: string; payrun: string };
type List<T> = { count: number; results: T[] };

const DAY = 86_400_000;
const as = (key: string, integration: string) => ({ key, headers: { "Integration-ID": integration } });
const payout = (over: Record<string, unknown> = {}) => ({ employee: "pia", amount: "100.00", currency: "SEK", description: "Shift", ...over });

/** A demo key with an Integration (payrun_management on unless told) and an Employee. */
async function client(id: string, integration: Record<string, unknown> = { payrun_management: true }) {
  const { key } = await app.newKey("demo");
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id, ...integration }) })).status).toBe(201);
  const h = as(key, id);
  expect(
    (await app.json("/v2/employees/", { method: "POST", ...h, body: { id: "pia", name: "Pia Holm", email: `pia@${id}.example`, country: "SWE" } })).status,
  ).toBe(201);
  return {
    key,
    h,
    create: (body: Record<string, unknown>) => app.json<Payrun & Record<string, unknown>>("/v2/payruns/", { method: "POST", ...h, body }),
    payout: (body: unknown) => app.json<Payout & Payout[] & Record<string, unknown>>("/v2/payouts/", { method: "POST", ...h, body }),
    get: (id: string) => app.json<Payrun>(`/v2/payruns/${id}/`, h),
  };
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("POST /v2/payruns/", () => {
  it("403 without payrun_management; the setting is on the Integration (default false)", async () => {
    const c = await client("ex-off", {});
    expect((await app.json<{ payrun_management: boolean; currency: string }>("/v2/integrations/ex-off/", { key: c.key })).body).toMatchObject({
      payrun_management: false,
      currency: "SEK",
    });
    const res = await c.create({ name: "June" });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "Payrun management is not enabled for this Integration: ask support to enable it." });
    expect((await app.json("/v2/integrations/ex-off/", { method: "PATCH", key: c.key, body: { payrun_management: true } })).status).toBe(200);
    expect((await c.create({ name: "June" })).status).toBe(201);
  });

  it("creates an explicit Payrun: manually_managed, the newer fields, currency from the Integration, Payrun.created", async () => {
    const c = await client("ex-create", { payrun_management: true, currency: "eur" });
    const res = await c.create({ id: "june-2026", name: "June", invoice_marking: "PO 4711", metadata: { month: 6 } });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created).toMatchObject({
      id: "june-2026",
      currency: "EUR",
      name: "June",
      description: "",
      invoice_marking: "PO 4711",
      manually_managed: true,
      open: true,
      latest_status: "open",
      price: "0.00",
      payout_count: 0,
      invoice: null,
      ocr_number: null,
      pdf: null,
      app: null,
      metadata: { month: 6 },
    });
    expect(Date.parse(created.expected_close_at ?? "") - Date.parse(created.created_at)).toBe(30 * DAY);
    expect((await c.create({ currency: "SEK", description: "Bonuses" })).body).toMatchObject({ currency: "SEK", description: "Bonuses", name: null });
    const pk = (await app.db.payrun.findFirstOrThrow({ where: { id: "june-2026" } })).pk;
    expect((await app.db.event.findMany({ where: { objectPk: pk } })).map((e) => e.name)).toEqual(["Payrun.created"]);

    const bad = await c.create({ id: "open" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ id: ['The id "open" is reserved.'] });
    const dup = await c.create({ id: "june-2026" });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });
    expect((await c.create({ currency: "kronor" })).status).toBe(400);
    expect((await c.create({ name: "x".repeat(256) })).status).toBe(400);
    expect((await c.create({ invoice_marking: "x".repeat(257) })).status).toBe(400);

    const filtered = async (q: string) => (await app.json<List<Payrun>>(`/v2/payruns/?${q}`, c.h)).body.results.map((p) => p.id).sort();
    await c.payout(payout());
    expect(await filtered("manually_managed=true")).toHaveLength(2);
    expect(await filtered("manually_managed=false")).toHaveLength(1);
  });
});

describe("the reserved id open", () => {
  it("/v2/payruns/open/ is the open automatic Payrun of the Integration's currency, never an explicit one", async () => {
    const c = await client("ex-open");
    await c.create({ id: "explicit" });
    expect((await c.get("open")).status).toBe(404);
    const p = (await c.payout(payout())).body;
    const open = await c.get("open");
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ id: p.payrun, manually_managed: false, open: true, expected_close_at: null });
    expect((await app.json(`/v2/payruns/open/`, { method: "PATCH", ...c.h, body: { name: "Automatic" } })).body).toMatchObject({
      id: p.payrun,
      name: "Automatic",
    });
    // Naming `open` on a Payout is the same as naming nothing.
    expect((await c.payout(payout({ payrun: "open" }))).body.payrun).toBe(p.payrun);
    expect((await app.api("/v2/payruns/open/close/", { method: "POST", ...c.h })).status).toBe(204);
    expect((await c.get("open")).status).toBe(404);
    expect((await app.json(`/v2/payruns/explicit/`, { method: "PATCH", ...c.h, body: { id: "open" } })).status).toBe(400);
  });
});

describe("Payouts naming their Payrun", () => {
  it("join an open explicit Payrun of their currency; other Payouts never join it", async () => {
    const c = await client("ex-join");
    await c.create({ id: "bonus" });
    const before = await app.db.payrun.findFirstOrThrow({ where: { id: "bonus" }, select: { lastActivityAt: true } });
    const named = await c.payout(payout({ id: "n1", payrun: "bonus" }));
    expect(named.status).toBe(201);
    expect(named.body.payrun).toBe("bonus");
    const plain = await c.payout(payout({ id: "n2" }));
    expect(plain.body.payrun).not.toBe("bonus");
    const bulk = await c.payout([payout({ id: "n3", payrun: "bonus" }), payout({ id: "n4" })]);
    expect(bulk.status).toBe(201);
    expect(bulk.body.map((p) => p.payrun)).toEqual(["bonus", plain.body.payrun]);
    expect((await c.get("bonus")).body.payout_count).toBe(2);
    const after = await app.db.payrun.findFirstOrThrow({ where: { id: "bonus" }, select: { lastActivityAt: true } });
    expect(after.lastActivityAt.getTime()).toBeGreaterThan(before.lastActivityAt.getTime());
  });

  it("400 for an unknown, closed or other-currency Payrun, and without payrun_management", async () => {
    const c = await client("ex-refuse");
    await c.create({ id: "eur", currency: "EUR" });
    await c.create({ id: "done" });
    await c.payout(payout({ payrun: "done" }));
    expect((await app.api("/v2/payruns/done/close/", { method: "POST", ...c.h })).status).toBe(204);

    const cases: [unknown, unknown][] = [
      [payout({ payrun: "nope" }), { payrun: ['Object with id "nope" does not exist.'] }],
      [payout({ payrun: "eur" }), { payrun: ['Payrun "eur" is in EUR: a Payout in SEK cannot join it.'] }],
      [payout({ payrun: "done" }), { payrun: ['Payrun "done" is closed: Payouts can no longer join it.'] }],
      [
        [payout(), payout({ payrun: "done" })],
        [{}, { payrun: ['Payrun "done" is closed: Payouts can no longer join it.'] }],
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await c.payout(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(errors);
    }
    // All or nothing: the valid item of the refused bulk request was not created.
    expect((await app.json<List<Payout>>("/v2/payouts/", c.h)).body.count).toBe(1);

    const off = await client("ex-refuse-off", {});
    const res = await off.payout(payout({ payrun: "open" }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ payrun: ["Payrun management is not enabled for this Integration: a Payout cannot name its Payrun."] });
  });
});

describe("editing, closing, deleting", () => {
  it("PATCH name, description, invoice_marking and id while open; 409 once closed; the marking is the Invoice's reference", async () => {
    const c = await client("ex-edit");
    await c.create({ id: "q3" });
    await c.create({ id: "q4" });
    const patched = await app.json<Payrun>("/v2/payruns/q3/", {
      method: "PATCH",
      ...c.h,
      body: { id: "q3-2026", name: "Q3", description: "Quarter", invoice_marking: "Ref 77" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: "q3-2026", name: "Q3", description: "Quarter", invoice_marking: "Ref 77", manually_managed: true });
    const dup = await app.json("/v2/payruns/q4/", { method: "PATCH", ...c.h, body: { id: "q3-2026" } });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });

    await c.payout(payout({ payrun: "q3-2026" }));
    expect((await app.api("/v2/payruns/q3-2026/close/", { method: "POST", ...c.h })).status).toBe(204);
    const closed = await c.get("q3-2026");
    expect(closed.body).toMatchObject({ latest_status: "invoiced", expected_close_at: null });
    const invoice = await app.json<{ customer_reference: string }>(`/v2/invoices/${closed.body.invoice}/`, c.h);
    expect(invoice.body.customer_reference).toBe("Ref 77");
    const refused = await app.json("/v2/payruns/q3-2026/", { method: "PATCH", ...c.h, body: { name: "Later" } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: "This Payrun is closed and can no longer be changed." });

    // An empty explicit Payrun can be deleted.
    expect((await app.api("/v2/payruns/q4/", { method: "DELETE", ...c.h })).status).toBe(204);
    expect((await c.get("q4")).status).toBe(404);
  });
});

describe("the scheduled job", () => {
  it("closes explicit Payruns after 30 idle days or 90 days, removes unused ones, leaves the rest; one job re-enqueues itself", async () => {
    const c = await client("ex-job");
    for (const id of ["idle", "old", "unused", "fresh"]) expect((await c.create({ id })).status).toBe(201);
    for (const id of ["idle", "old", "fresh"]) expect((await c.payout(payout({ payrun: id }))).status).toBe(201);
    await c.payout(payout()); // an automatic Payrun: never closed by the job
    const jobs = () => app.db.outboxJob.findMany({ where: { kind: "payrun.auto_close", completedAt: null, failedAt: null } });
    expect(await jobs()).toHaveLength(1);

    const now = Date.now();
    const at = (days: number) => new Date(now - days * DAY);
    await app.db.payrun.updateMany({ where: { id: "idle" }, data: { lastActivityAt: at(31), createdAt: at(40) } });
    await app.db.payrun.updateMany({ where: { id: "old" }, data: { lastActivityAt: at(1), createdAt: at(91) } });
    await app.db.payrun.updateMany({ where: { id: "unused" }, data: { lastActivityAt: at(31), createdAt: at(31) } });
    await app.db.payrun.updateMany({ where: { id: "fresh" }, data: { lastActivityAt: at(29), createdAt: at(89) } });
    expect(Date.parse((await c.get("fresh")).body.expected_close_at ?? "")).toBe(at(-1).getTime());
    await app.db.outboxJob.updateMany({ where: { kind: "payrun.auto_close" }, data: { runAt: new Date() } });
    await app.drainJobs();

    expect((await c.get("idle")).body).toMatchObject({ open: false, latest_status: "invoiced" });
    expect((await c.get("old")).body).toMatchObject({ open: false, latest_status: "invoiced" });
    expect((await c.get("unused")).status).toBe(404);
    expect((await c.get("fresh")).body).toMatchObject({ open: true });
    expect((await c.get("open")).body).toMatchObject({ open: true, manually_managed: false });

    // The next run is scheduled for when "fresh" is due (a day ahead), not earlier than needed.
    const next = await jobs();
    expect(next).toHaveLength(1);
    expect(Math.abs(next[0].runAt.getTime() - Math.min(at(-1).getTime(), now + 6 * 3_600_000))).toBeLessThan(60_000);

    // Once no explicit Payrun is open, the job stops re-enqueueing itself (the next POST starts it again).
    // (The other tests' explicit Payruns share this database: they are closed here.)
    await app.db.payrun.updateMany({ where: { manuallyManaged: true, open: true, NOT: { id: "fresh" } }, data: { open: false } });
    expect((await app.api("/v2/payruns/fresh/close/", { method: "POST", ...c.h })).status).toBe(204);
    await app.db.outboxJob.updateMany({ where: { kind: "payrun.auto_close", completedAt: null }, data: { runAt: new Date() } });
    await app.drainJobs();
    expect(await jobs()).toHaveLength(0);
    await c.create({ id: "again" });
    expect(await jobs()).toHaveLength(1);
  });
});

describe("faces", () => {
  it("the OpenAPI document lists POST /payruns/ and the Payrun's newer fields", async () => {
    const doc = (
      await app.json<{ paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>(
        "/v2/openapi.json",
      )
    ).body;
    expect(Object.keys(doc.paths["/payruns/"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.components.schemas.Payrun.properties)).toEqual(
      expect.arrayContaining(["name", "description", "invoice_marking", "manually_managed", "expected_close_at", "payout_count"]),
    );
  });
});
