/**
 * Prepayments through /v2/: create, list, retrieve (expand=invoice), PATCH and DELETE while DRAFT; issuing
 * through its Invoice (billing type prepayment, OCR, PDF with the Bankgiro account); paying (demo pay, live
 * operators); the balance used first in, first out by Payruns as they close (across two Payruns, with the
 * uses recorded); Payouts covered by prepaid money notified at once, and money reserved for them.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEnv } from "@/config/env";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;

type Invoice = {
  id: string;
  billing_type: string;
  status: string;
  prepayment: string | null;
  invoice_number: string | null;
  customer_reference: string | null;
  subtotal: string;
  vat: string;
  total: string;
  prepaid: string;
  amount_paid: string;
  amount_due: string;
  pdf_url: string | null;
};
type Prepayment = {
  id: string;
  description: string;
  net_amount: string;
  currency: string;
  available_balance: string;
  invoice_marking: string | null;
  status: string;
  invoice: string | Invoice;
  metadata: Record<string, unknown>;
  invoiced_at: string | null;
  paid_at: string | null;
};
type Payout = { id: string; payrun: string; cost: string; notified_at: string | null; latest_status: string };
type Payrun = { id: string; latest_status: string; invoice: string | null; paid_at: string | null };
type List<T> = { count: number; results: T[] };

/** An independent reading of the Swedish OCR rule: the last digit is a Luhn check digit, the one before it the length. */
function validOcr(ref: string): boolean {
  if (!/^\d{3,25}$/.test(ref)) return false;
  const digits = ref.split("").map(Number).reverse();
  const luhn = digits.reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return luhn % 10 === 0 && digits[1] === ref.length % 10;
}

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prepayment-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const as = (key: string, integration: string) => ({ key, headers: { "Integration-ID": integration } });

async function client(id: string, env: "demo" | "live" = "demo", integration: Record<string, unknown> = {}) {
  const { key } = await app.newKey(env);
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id, ...integration }) })).status).toBe(201);
  const h = as(key, id);
  expect(
    (await app.json("/v2/employees/", { method: "POST", ...h, body: { id: "pia", name: "Pia Holm", email: `pia@${id}.example`, country: "SWE" } })).status,
  ).toBe(201);
  const prepay = async (body: Record<string, unknown>) => app.json<Prepayment & Record<string, unknown>>("/v2/prepayments/", { method: "POST", ...h, body });
  const get = async (pid: string, q = "") => (await app.json<Prepayment>(`/v2/prepayments/${pid}/${q}`, h)).body;
  const payout = async (body: Record<string, unknown>) => {
    const res = await app.json<Payout>("/v2/payouts/", { method: "POST", ...h, body: { employee: "pia", currency: "SEK", description: "Shift", ...body } });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** Creates, issues and (demo) pays a Prepayment. */
  const paid = async (pid: string, net: string) => {
    const created = (await prepay({ id: pid, description: `Prepayment ${pid}`, net_amount: net, currency: "SEK" })).body;
    expect((await app.json(`/v2/invoices/${created.invoice as string}/issue/`, { method: "POST", ...h })).status).toBe(200);
    expect((await app.json(`/v2/invoices/${created.invoice as string}/pay/`, { method: "POST", ...h })).status).toBe(200);
    return get(pid);
  };
  return { key, h, prepay, get, payout, paid };
}

beforeAll(async () => {
  // The service's own account on the PDF, as the configuration reads it ("5050 1055" becomes "5050-1055").
  app = await startTestApp({ bankgiro: readEnv({ NODE_ENV: "test", BANKGIRO: "5050 1055" }).BANKGIRO ?? null });
});
afterAll(() => app?.close());

describe("DRAFT: create, list, retrieve, change, delete", () => {
  it("creates a DRAFT with its pro-forma Invoice; validation errors are 400", async () => {
    const c = await client("pp-create");
    const res = await c.prepay({
      id: "pp-1",
      description: "Q3 salaries",
      net_amount: "10000.00",
      currency: "sek",
      invoice_marking: "PO 12",
      metadata: { q: 3 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: "pp-1",
      description: "Q3 salaries",
      net_amount: "10000.00",
      currency: "SEK",
      available_balance: "0.00",
      invoice_marking: "PO 12",
      status: "DRAFT",
      metadata: { q: 3 },
      invoiced_at: null,
      paid_at: null,
    });
    const expanded = (await c.get("pp-1", "?expand=invoice")).invoice as Invoice;
    expect(expanded).toMatchObject({
      id: res.body.invoice,
      billing_type: "prepayment",
      status: "proforma",
      prepayment: "pp-1",
      subtotal: "10000.00",
      vat: "0.00",
      total: "10000.00",
      invoice_number: null,
    });

    const bad = await c.prepay({ net_amount: "-5", currency: "SEKR" });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(["currency", "description", "net_amount"]);
    expect((await c.prepay({ description: "x", net_amount: "1.001", currency: "SEK" })).status).toBe(400);
    expect((await c.prepay({ id: "pp-1", description: "x", net_amount: "1", currency: "SEK" })).body).toEqual({
      id: ["An object with this id already exists."],
    });

    await c.prepay({ id: "pp-2", description: "Other", net_amount: "5", currency: "EUR" });
    const list = await app.json<List<Prepayment>>("/v2/prepayments/", c.h);
    expect(list.body.count).toBe(2);
    expect(list.body.results.map((p) => p.id)).toEqual(["pp-2", "pp-1"]);
    expect((await app.json<List<Prepayment>>("/v2/prepayments/?currency=eur", c.h)).body.results.map((p) => p.id)).toEqual(["pp-2"]);
    expect((await app.json<List<Prepayment>>("/v2/prepayments/?status=DRAFT", c.h)).body.count).toBe(2);
    expect((await app.json<List<Prepayment>>("/v2/prepayments/?status=PAID", c.h)).body.count).toBe(0);
    expect((await app.json("/v2/prepayments/?status=nope", c.h)).status).toBe(400);
  });

  it("PATCH and DELETE while DRAFT; the pro-forma follows; other tenants get 404", async () => {
    const c = await client("pp-draft");
    const { body } = await c.prepay({ id: "d-1", description: "First", net_amount: "100", currency: "SEK" });
    const patched = await app.json<Prepayment>("/v2/prepayments/d-1/", {
      method: "PATCH",
      ...c.h,
      body: { id: "d-2", net_amount: "250.50", currency: "EUR", invoice_marking: "Ref" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: "d-2", net_amount: "250.50", currency: "EUR", invoice_marking: "Ref", status: "DRAFT" });
    expect((await app.json<Invoice>(`/v2/invoices/${body.invoice as string}/`, c.h)).body).toMatchObject({
      currency: "EUR",
      total: "250.50",
      prepayment: "d-2",
    });
    expect((await app.json("/v2/prepayments/d-2/", { method: "PATCH", ...c.h, body: { net_amount: "0" } })).status).toBe(400);

    const other = await client("pp-draft-other");
    expect((await app.json("/v2/prepayments/d-2/", other.h)).status).toBe(404);
    expect((await app.api("/v2/prepayments/d-2/", { method: "DELETE", ...other.h })).status).toBe(404);

    // A Prepayment keeps its Integration (which has no other objects here but its Employee) from being deleted.
    const bare = await app.newKey("demo");
    expect((await app.json("/v2/integrations/", { method: "POST", key: bare.key, body: integrationBody({ id: "pp-bare" }) })).status).toBe(201);
    await app.json("/v2/prepayments/", { method: "POST", ...as(bare.key, "pp-bare"), body: { description: "x", net_amount: "1", currency: "SEK" } });
    const refused = await app.json("/v2/integrations/pp-bare/", { method: "DELETE", key: bare.key });
    expect(refused.status).toBe(409);

    expect((await app.api("/v2/prepayments/d-2/", { method: "DELETE", ...c.h })).status).toBe(204);
    expect((await app.json("/v2/prepayments/d-2/", c.h)).status).toBe(404);
    expect((await app.json(`/v2/invoices/${body.invoice as string}/`, c.h)).status).toBe(404);
  });
});

describe("issuing and paying", () => {
  it("issuing invoices it (OCR, PDF with the Bankgiro account and the reference); then no PATCH or DELETE; demo pay makes it PAID", async () => {
    const c = await client("pp-issue");
    const { body } = await c.prepay({ id: "i-1", description: "Autumn salaries", net_amount: "5000.00", currency: "SEK", invoice_marking: "PO 99" });
    const invoiceId = body.invoice as string;
    const issued = await app.json<Invoice>(`/v2/invoices/${invoiceId}/issue/`, { method: "POST", ...c.h });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({
      billing_type: "prepayment",
      status: "invoice",
      total: "5000.00",
      vat: "0.00",
      amount_due: "5000.00",
      customer_reference: "PO 99",
    });
    expect(validOcr(issued.body.invoice_number ?? "")).toBe(true);
    expect(await c.get("i-1")).toMatchObject({ status: "INVOICED", available_balance: "0.00" });
    expect((await app.json(`/v2/invoices/${invoiceId}/issue/`, { method: "POST", ...c.h })).status).toBe(409);
    expect((await app.json<List<Invoice>>("/v2/invoices/?billing_type=prepayment", c.h)).body.results.map((i) => i.id)).toEqual([invoiceId]);

    const patch = await app.json("/v2/prepayments/i-1/", { method: "PATCH", ...c.h, body: { description: "Later" } });
    expect(patch.status).toBe(409);
    expect(patch.body).toEqual({ detail: "This Prepayment has been invoiced and can no longer be changed or deleted." });
    expect((await app.api("/v2/prepayments/i-1/", { method: "DELETE", ...c.h })).status).toBe(409);

    const pdf = await app.api(new URL(issued.body.pdf_url ?? "").pathname, c.h);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Invoice number: ${issued.body.invoice_number}`);
    expect(text).toContain("Prepayment: i-1");
    expect(text).toContain("Your reference: PO 99");
    expect(text).toContain("Autumn salaries");
    expect(text).toMatch(/Total incl. VAT\s+SEK 5,000.00/);
    expect(text).toContain(`to Bankgiro 5050-1055, quoting the OCR reference ${issued.body.invoice_number}`);

    await app.drainJobs();
    const mail = app.mails().find((m) => m.text.includes(issued.body.invoice_number ?? "-"));
    expect(mail?.text).toContain("for your prepayment");

    const pay = await app.json<Invoice>(`/v2/invoices/${invoiceId}/pay/`, { method: "POST", ...c.h });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ status: "paid", amount_paid: "5000.00", amount_due: "0.00" });
    expect(await c.get("i-1")).toMatchObject({ status: "PAID", available_balance: "5000.00" });
    expect((await app.json<List<Prepayment>>("/v2/prepayments/?status=PAID", c.h)).body.count).toBe(1);
    expect((await app.json(`/v2/invoices/${invoiceId}/pay/`, { method: "POST", ...c.h })).status).toBe(409);
  });

  it("in live, pay through the API is 403 and the review team marks the Invoice paid", async () => {
    const c = await client("pp-live", "live");
    const { body } = await c.prepay({ id: "l-1", description: "Live", net_amount: "300", currency: "SEK" });
    const invoiceId = body.invoice as string;
    await app.json(`/v2/invoices/${invoiceId}/issue/`, { method: "POST", ...c.h });
    expect((await app.json(`/v2/invoices/${invoiceId}/pay/`, { method: "POST", ...c.h })).status).toBe(403);
    const pk = (await app.db.invoice.findFirstOrThrow({ where: { id: invoiceId } })).pk;
    const client_ = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "client", userId: "someone" });
    await expect(client_.invoices.markPaid({ invoicePk: pk })).rejects.toThrow();
    const operator = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op" });
    const queued = (await operator.invoices.unpaidPrepayments()).find((u) => u.invoice.id === invoiceId);
    expect(queued).toMatchObject({ pk, environment: "live", integration: { id: "pp-live" }, invoice: { prepayment: "l-1", total: "300.00" } });
    await expect(client_.invoices.unpaidPrepayments()).rejects.toThrow();
    expect(await operator.invoices.markPaid({ invoicePk: pk })).toMatchObject({ status: "paid", amount_paid: "300.00" });
    expect((await operator.invoices.unpaidPrepayments()).some((u) => u.invoice.id === invoiceId)).toBe(false);
    expect(await c.get("l-1")).toMatchObject({ status: "PAID", available_balance: "300.00" });
  });
});

describe("using the balance", () => {
  it("Payruns use paid Prepayments first in, first out as they close, across two Payruns; prepaid Payouts are notified at once", async () => {
    const c = await client("pp-fifo");
    // A Payout before any prepaid money is not covered.
    const early = await c.payout({ id: "early", cost: "100.00" });
    expect(early.notified_at).toBeNull();
    const oldest = await c.paid("first", "100.00");
    const newest = await c.paid("second", "300.00");
    expect([oldest.status, newest.status]).toEqual(["PAID", "PAID"]);

    // 200.00 cost + 50.00 VAT fits in the 400.00 free (the early Payout reserved nothing): notified at once.
    const covered = await c.payout({ id: "covered", cost: "200.00" });
    expect(covered.payrun).toBe(early.payrun);
    expect(covered.notified_at).not.toBeNull();
    expect(covered.latest_status).toBe("onboarding_incomplete"); // issue 25: prepaid and notified, its Employee not yet claimed
    const pk = (await app.db.payout.findFirstOrThrow({ where: { id: "covered" } })).pk;
    expect((await app.db.event.findMany({ where: { objectPk: pk }, orderBy: { seq: "asc" } })).map((e) => e.name)).toEqual([
      "Payout.created",
      "Payout.notified",
    ]);
    expect((await app.api("/v2/payouts/covered/", { method: "DELETE", ...c.h })).status).toBe(409);
    await app.drainJobs();
    expect(app.mails().some((m) => m.text.includes("pia@pp-fifo.example"))).toBe(true);

    // Payrun A: total 125.00 + 250.00 = 375.00; the oldest Prepayment first (100.00), then 275.00 of the next.
    expect((await app.api(`/v2/payruns/${early.payrun}/close/`, { method: "POST", ...c.h })).status).toBe(204);
    expect(await c.get("first")).toMatchObject({ status: "FULLY_USED", available_balance: "0.00" });
    expect(await c.get("second")).toMatchObject({ status: "PARTIALLY_USED", available_balance: "25.00" });
    const a = (await app.json<Payrun>(`/v2/payruns/${early.payrun}/?expand=invoice`, c.h)).body;
    const invoiceA = a.invoice as unknown as Invoice;
    expect(invoiceA).toMatchObject({ total: "375.00", prepaid: "375.00", amount_paid: "375.00", amount_due: "0.00", status: "paid" });
    // Paid in full from prepayments: the Payrun is paid, and its other Payouts are notified now.
    expect(a.latest_status).toBe("paid");
    await app.drainJobs();
    expect((await app.json<Payout>("/v2/payouts/early/", c.h)).body.notified_at).not.toBeNull();

    // Payrun B: 400.00 cost + 100.00 VAT; only 25.00 is left, so it is not covered and its Invoice is paid in part.
    const late = await c.payout({ id: "late", cost: "400.00" });
    expect(late.payrun).not.toBe(early.payrun);
    expect(late.notified_at).toBeNull();
    expect((await app.api(`/v2/payruns/${late.payrun}/close/`, { method: "POST", ...c.h })).status).toBe(204);
    expect(await c.get("second")).toMatchObject({ status: "FULLY_USED", available_balance: "0.00" });
    const b = (await app.json<Payrun>(`/v2/payruns/${late.payrun}/?expand=invoice`, c.h)).body;
    expect(b.latest_status).toBe("invoiced");
    const invoiceB = b.invoice as unknown as Invoice;
    expect(invoiceB).toMatchObject({ total: "500.00", prepaid: "25.00", amount_paid: "25.00", amount_due: "475.00", status: "invoice" });
    const text = pdfText(Buffer.from(await (await app.api(new URL(invoiceB.pdf_url ?? "").pathname, c.h)).arrayBuffer()));
    expect(text).toMatch(/Settled from prepayments\s+SEK 25.00/);
    expect(text).toMatch(/Amount due\s+SEK 475.00/);

    // Every use is recorded, oldest first.
    const uses = await app.db.prepaymentUse.findMany({
      select: { amount: true, prepayment: { select: { id: true } }, payrun: { select: { id: true } } },
      orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
    });
    const mine = uses.filter((u) => ["first", "second"].includes(u.prepayment.id) && [early.payrun, late.payrun].includes(u.payrun.id));
    expect(mine.map((u) => [u.prepayment.id, u.payrun.id, u.amount.toFixed(2)])).toEqual([
      ["first", early.payrun, "100.00"],
      ["second", early.payrun, "275.00"],
      ["second", late.payrun, "25.00"],
    ]);
    const accountPk = (await app.db.integration.findFirstOrThrow({ where: { id: "pp-fifo" } })).accountPk;
    const session = callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, "pp-fifo");
    expect(await session.prepayments.uses({ prepayment_id: "second" })).toMatchObject([
      { payrun: early.payrun, amount: "275.00" },
      { payrun: late.payrun, amount: "25.00" },
    ]);
  });

  it("money reserved for a covered Payout in an explicit Payrun is left for it when another Payrun closes first", async () => {
    const c = await client("pp-reserve", "demo", { payrun_management: true });
    await c.paid("res", "300.00");
    expect((await app.json("/v2/payruns/", { method: "POST", ...c.h, body: { id: "explicit" } })).status).toBe(201);
    const reserved = await c.payout({ id: "in-explicit", cost: "200.00", payrun: "explicit" }); // 250.00 with VAT: covered
    expect(reserved.notified_at).not.toBeNull();
    const other = await c.payout({ id: "automatic", cost: "100.00" }); // 125.00 > 50.00 free: not covered
    expect(other.notified_at).toBeNull();
    await app.api(`/v2/payruns/${other.payrun}/close/`, { method: "POST", ...c.h });
    expect(await c.get("res")).toMatchObject({ available_balance: "250.00", status: "PARTIALLY_USED" });
    expect((await app.json<Invoice>(`/v2/invoices/?billing_type=payrun&status=invoice`, c.h)).body).toMatchObject({ count: 1 });
    await app.api("/v2/payruns/explicit/close/", { method: "POST", ...c.h });
    expect(await c.get("res")).toMatchObject({ available_balance: "0.00", status: "FULLY_USED" });
    expect((await app.json<Payrun>("/v2/payruns/explicit/", c.h)).body.latest_status).toBe("paid");
  });
});

describe("faces", () => {
  it("HTML view of the list; the OpenAPI document lists every endpoint; the API root names the collection", async () => {
    const c = await client("pp-html");
    await c.prepay({ description: "x", net_amount: "1", currency: "SEK" });
    const page = await app.api("/v2/prepayments/", { ...c.h, headers: { ...c.h.headers, Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("List Prepayments");
    const doc = (await app.json<{ paths: Record<string, Record<string, unknown>> }>("/v2/openapi.json")).body;
    expect(Object.keys(doc.paths["/prepayments/"])).toEqual(expect.arrayContaining(["get", "post"]));
    expect(Object.keys(doc.paths["/prepayments/{prepayment_id}/"])).toEqual(expect.arrayContaining(["get", "patch", "delete"]));
    expect(Object.keys(doc.paths["/invoices/{invoice_id}/pay/"])).toEqual(["post"]);
    expect((await app.json<Record<string, string>>("/v2/", { key: c.key })).body.prepayments).toBe(`${app.publicUrl}/v2/prepayments/`);
  });
});
