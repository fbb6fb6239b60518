/**
 * Invoices through /v2/: issued when a Payrun closes (number, OCR, due date, totals with VAT, recipient), the
 * Payrun's invoice fields and expand, list filters and ordering, retrieve, issue (due_date, 403, 409), the PDF
 * (read back with pdftotext), the invoice email with the PDF, payment (demo and operators), HTML and OpenAPI.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { documentFormat } from "@/i18n/document-format";
import { formatCalendarDay } from "@/i18n/catalogue/calendar-day";
import { callerFor, decodeMail, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
const en = documentFormat("en");
/** An amount as the English PDF reads back: pdftotext gives its no-break space as a space. */
const sek = (amount: string) => en.money(amount, "SEK").replace(/\u00a0/g, " ");

type Invoice = {
  id: string;
  billing_type: string;
  status: string;
  payrun: string | null;
  currency: string;
  invoice_number: string | null;
  subtotal: string;
  vat: string;
  total: string;
  amount_paid: string;
  amount_due: string;
  due_date: string | null;
  recipient: string | null;
  email: string | null;
  address_line_1: string | null;
  zip_code: string | null;
  city: string | null;
  pdf_url: string | null;
  issued_at: string | null;
  paid_at: string | null;
};
type Payrun = {
  id: string;
  latest_status: string;
  price: string;
  invoice: string | Invoice | null;
  ocr_number: string | null;
  pdf: string | null;
  app: string | null;
  paid_at: string | null;
};
type Payout = { id: string; payrun: string | Payrun; invoice: string | Payrun; cost: string; description: string };
type List<T> = { count: number; next: string | null; results: T[] };

/** An independent reading of the Swedish OCR rule: the last digit is a Luhn check digit, the one before it the length. */
function validOcr(ref: string): boolean {
  if (!/^\d{3,25}$/.test(ref)) return false;
  const digits = ref.split("").map(Number).reverse();
  const luhn = digits.reduce((sum, d, i) => sum + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
  return luhn % 10 === 0 && digits[1] === ref.length % 10;
}

function today(plusDays = 0): string {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + plusDays)).toISOString().slice(0, 10);
}

const as = (key: string, integration: string) => ({ key, headers: { "Integration-ID": integration } });

/** A demo (or live) key with an Integration and an Employee of its own. */
async function client(id: string, env: "demo" | "live" = "demo", integration: Record<string, unknown> = {}) {
  const { key, accountPk } = await app.newKey(env);
  expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id, ...integration }) })).status).toBe(201);
  const employee = { id: "pia", name: "Pia Holm", email: `pia@${id}.example`, country: "SWE" };
  expect((await app.json("/v2/employees/", { method: "POST", ...as(key, id), body: employee })).status).toBe(201);
  const h = as(key, id);
  const payout = async (body: Record<string, unknown>) => {
    const res = await app.json<Payout>("/v2/payouts/", { method: "POST", ...h, body: { employee: "pia", currency: "SEK", description: "Shift", ...body } });
    expect(res.status).toBe(201);
    return res.body;
  };
  return { key, accountPk, h, payout };
}

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("closing a Payrun issues its Invoice", () => {
  it("number with a valid OCR, due date from the payment terms, totals with each Payout's VAT, the recipient; no Payrun.invoiced", async () => {
    const c = await client("inv-close");
    const a = await c.payout({ id: "p-a", amount: "1000.00", description: "Catering, 12 June" });
    const b = await c.payout({ id: "p-b", cost: "250.50", description: "Cleaning" });
    const payrunId = a.payrun as string;
    expect(b.payrun).toBe(payrunId);
    expect((await app.api(`/v2/payruns/${payrunId}/close/`, { method: "POST", ...c.h })).status).toBe(204);

    const payrun = (await app.json<Payrun>(`/v2/payruns/${payrunId}/`, c.h)).body;
    expect(payrun.latest_status).toBe("invoiced");
    expect(typeof payrun.invoice).toBe("string");
    const invoiceId = payrun.invoice as string;
    expect(payrun.ocr_number && validOcr(payrun.ocr_number)).toBe(true);
    expect(payrun.pdf).toBe(`${app.publicUrl}/v2/invoices/${invoiceId}/pdf/`);
    expect(payrun.app).toBe(`${app.publicUrl}/invoices/${invoiceId}`);

    const res = await app.json<Invoice>(`/v2/invoices/${invoiceId}/`, c.h);
    expect(res.status).toBe(200);
    // VAT as the pricing module priced each Payout (read back through /v2/pricing/), not recomputed from the sum.
    const vats = await Promise.all(["p-a", "p-b"].map(async (id) => (await app.json<{ vat: string }>(`/v2/pricing/${id}/`, c.h)).body.vat));
    const vat = vats.reduce((s, v) => s.plus(v), new Prisma.Decimal(0));
    const subtotal = new Prisma.Decimal(a.cost).plus(b.cost);
    expect(res.body).toMatchObject({
      id: invoiceId,
      billing_type: "payrun",
      status: "invoice",
      payrun: payrunId,
      currency: "SEK",
      invoice_number: payrun.ocr_number,
      subtotal: payrun.price,
      vat: vat.toFixed(2),
      total: subtotal.plus(vat).toFixed(2),
      amount_paid: "0.00",
      amount_due: subtotal.plus(vat).toFixed(2),
      due_date: today(14),
      recipient: "Bygg & Co AB",
      email: "invoices@bygg.example",
      address_line_1: "Storgatan 1",
      zip_code: "11122",
      city: "Stockholm",
      pdf_url: payrun.pdf,
      paid_at: null,
    });
    expect(res.body.subtotal).toBe(subtotal.toFixed(2));
    for (const [i, p] of [a, b].entries())
      expect(vats[i]).toBe(new Prisma.Decimal(p.cost).times("0.25").toDecimalPlaces(2, Prisma.Decimal.ROUND_HALF_UP).toFixed(2));

    const pk = (await app.db.payrun.findFirstOrThrow({ where: { id: payrunId } })).pk;
    expect((await app.db.event.findMany({ where: { objectPk: pk } })).map((e) => e.name)).toEqual(["Payrun.created"]);
  });

  it("the Integration's payment_term_days set the due date; invoice numbers differ", async () => {
    const c = await client("inv-terms", "demo", { payment_term_days: 30 });
    expect((await app.json<{ payment_term_days: number }>("/v2/integrations/inv-terms/", { key: c.key })).body).toMatchObject({
      payment_term_days: 30,
      invoice_enabled: true,
    });
    const first = await c.payout({ amount: "100.00" });
    await app.api(`/v2/payruns/${first.payrun as string}/close/`, { method: "POST", ...c.h });
    const second = await c.payout({ amount: "100.00" });
    await app.api(`/v2/payruns/${second.payrun as string}/close/`, { method: "POST", ...c.h });
    const list = await app.json<List<Invoice>>("/v2/invoices/?status=invoice", c.h);
    expect(list.body.results.map((i) => i.due_date)).toEqual([today(30), today(30)]);
    expect(new Set(list.body.results.map((i) => i.invoice_number)).size).toBe(2);
    expect((await app.json("/v2/integrations/inv-terms/", { method: "PATCH", key: c.key, body: { payment_term_days: 400 } })).status).toBe(400);
    // PUT replaces: omitted settings take their defaults.
    const put = await app.json("/v2/integrations/inv-terms/", {
      method: "PUT",
      key: c.key,
      body: integrationBody({ id: "inv-terms", invoice_enabled: "false" }),
    });
    expect(put.body).toMatchObject({ payment_term_days: 14, invoice_enabled: false });
  });
});

describe("list and retrieve", () => {
  it("filters billing_type and status, ordering with -, pagination; bad values are 400; other Integrations 404", async () => {
    const c = await client("inv-list");
    const paidOne = await c.payout({ amount: "10.00" });
    expect((await app.json(`/v2/payruns/${paidOne.payrun as string}/pay/`, { method: "POST", ...c.h })).status).toBe(200);
    const issued = await c.payout({ amount: "20.00" });
    await app.api(`/v2/payruns/${issued.payrun as string}/close/`, { method: "POST", ...c.h });
    const open = await c.payout({ amount: "30.00" });

    const ids = async (q: string) => (await app.json<List<Invoice>>(`/v2/invoices/?${q}`, c.h)).body.results.map((i) => i.payrun);
    expect(await ids("")).toEqual([open.payrun, issued.payrun, paidOne.payrun]);
    expect(await ids("ordering=created_at")).toEqual([paidOne.payrun, issued.payrun, open.payrun]);
    expect(await ids("status=proforma")).toEqual([open.payrun]);
    expect(await ids("status=invoice")).toEqual([issued.payrun]);
    expect(await ids("status=paid")).toEqual([paidOne.payrun]);
    expect(await ids("billing_type=payrun")).toHaveLength(3);
    expect(await ids("billing_type=prepayment")).toEqual([]);
    // Dates not set yet (unpaid, pro-forma) come last in either direction.
    expect((await ids("ordering=paid_at"))[0]).toBe(paidOne.payrun);
    expect((await ids("ordering=-due_date"))[2]).toBe(open.payrun);
    expect((await ids("ordering=-paid_at"))[0]).toBe(paidOne.payrun);
    expect((await ids("ordering=due_date")).slice(2)).toEqual([open.payrun]);

    const proforma = (await app.json<List<Invoice>>("/v2/invoices/?status=proforma", c.h)).body.results[0];
    expect(proforma).toMatchObject({
      status: "proforma",
      invoice_number: null,
      due_date: null,
      pdf_url: null,
      issued_at: null,
      subtotal: open.cost,
      total: new Prisma.Decimal(open.cost).times("1.25").toDecimalPlaces(2).toFixed(2),
    });

    const page = await app.json<List<Invoice>>("/v2/invoices/?page_size=1", c.h);
    expect(page.body).toMatchObject({ count: 3 });
    expect(page.body.next).toBe(`${app.publicUrl}/v2/invoices/?page_size=1&page=2`);
    expect((await app.json("/v2/invoices/?page=9", c.h)).status).toBe(404);
    for (const q of ["status=closed", "ordering=amount", "billing_type=other"]) expect((await app.json(`/v2/invoices/?${q}`, c.h)).status, q).toBe(400);

    const other = await client("inv-other");
    expect((await app.json(`/v2/invoices/${proforma.id}/`, other.h)).status).toBe(404);
    expect((await app.json(`/v2/invoices/${proforma.id}/issue/`, { method: "POST", ...other.h })).status).toBe(404);
    expect((await app.json<List<Invoice>>("/v2/invoices/", other.h)).body.count).toBe(0);
    expect((await app.json("/v2/invoices/", { key: c.key })).status).toBe(400);
    expect((await app.json("/v2/invoices/", { key: null, headers: c.h.headers })).status).toBe(401);
  });
});

describe("issue", () => {
  it("a pro-forma is issued with a chosen due date (closing its Payrun); 409 once issued; bad due dates 400; 403 without invoice_enabled", async () => {
    const c = await client("inv-issue");
    const p = await c.payout({ amount: "500.00" });
    const proforma = (await app.json<List<Invoice>>("/v2/invoices/?status=proforma", c.h)).body.results[0];
    for (const due of [today(-1), today(366), "2026-02-30", "soon"]) {
      const bad = await app.json<Record<string, string[]>>(`/v2/invoices/${proforma.id}/issue/`, { method: "POST", ...c.h, body: { due_date: due } });
      expect(bad.status, due).toBe(400);
      expect(Object.keys(bad.body)).toEqual(["due_date"]);
    }
    const issued = await app.json<Invoice>(`/v2/invoices/${proforma.id}/issue/`, { method: "POST", ...c.h, body: { due_date: today(365) } });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ id: proforma.id, status: "invoice", due_date: today(365), payrun: p.payrun });
    expect(validOcr(issued.body.invoice_number ?? "")).toBe(true);
    const payrun = (await app.json<Payrun>(`/v2/payruns/${p.payrun as string}/`, c.h)).body;
    expect(payrun).toMatchObject({ latest_status: "invoiced", invoice: proforma.id, ocr_number: issued.body.invoice_number });
    const again = await app.json(`/v2/invoices/${proforma.id}/issue/`, { method: "POST", ...c.h });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: "This Invoice has already been issued." });

    const today0 = await c.payout({ amount: "5.00" });
    const next = (await app.json<List<Invoice>>("/v2/invoices/?status=proforma", c.h)).body.results[0];
    expect((await app.json<Invoice>(`/v2/invoices/${next.id}/issue/`, { method: "POST", ...c.h, body: { due_date: today() } })).body.due_date).toBe(today());
    expect(next.payrun).toBe(today0.payrun);

    await c.payout({ amount: "6.00" });
    expect((await app.json("/v2/integrations/inv-issue/", { method: "PATCH", key: c.key, body: { invoice_enabled: false } })).status).toBe(200);
    const locked = (await app.json<List<Invoice>>("/v2/invoices/?status=proforma", c.h)).body.results[0];
    const refused = await app.json(`/v2/invoices/${locked.id}/issue/`, { method: "POST", ...c.h });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: "This Integration may not issue Invoices through the API." });
    expect((await app.json<Invoice>(`/v2/invoices/${locked.id}/`, c.h)).body.status).toBe("proforma");
  });
});

describe("expand", () => {
  it("expand=invoice on Payruns; expand=payrun and expand=invoice on Payouts (get, list, create)", async () => {
    const c = await client("inv-expand");
    const p = await c.payout({ id: "x-1", amount: "100.00" });
    const payrunId = p.payrun as string;
    expect((await app.json<Payrun>(`/v2/payruns/${payrunId}/?expand=invoice`, c.h)).body.invoice).toBeNull();
    await app.api(`/v2/payruns/${payrunId}/close/`, { method: "POST", ...c.h });
    const plain = (await app.json<Payrun>(`/v2/payruns/${payrunId}/`, c.h)).body;
    const expanded = (await app.json<Payrun>(`/v2/payruns/${payrunId}/?expand=invoice`, c.h)).body;
    expect(expanded.invoice).toMatchObject({ id: plain.invoice, status: "invoice", invoice_number: plain.ocr_number });
    const listed = (await app.json<List<Payrun>>("/v2/payruns/?expand=invoice", c.h)).body.results[0];
    expect(listed.invoice).toMatchObject({ id: plain.invoice });

    const one = (await app.json<Payout>("/v2/payouts/x-1/?expand=payrun", c.h)).body;
    expect(one.payrun).toMatchObject({ id: payrunId, latest_status: "invoiced", invoice: plain.invoice });
    expect(one.invoice).toBe(payrunId);
    const both = (await app.json<List<Payout>>("/v2/payouts/?expand=payrun&expand=invoice", c.h)).body.results[0];
    expect(both.payrun).toMatchObject({ id: payrunId });
    expect(both.invoice).toMatchObject({ id: payrunId });
    const created = await app.json<Payout>("/v2/payouts/?expand=payrun", {
      method: "POST",
      ...c.h,
      body: { employee: "pia", amount: "1.00", currency: "SEK", description: "x" },
    });
    expect(created.body.payrun).toMatchObject({ latest_status: "open", payout_count: 1 });
  });
});

describe("PDF and email", () => {
  it("the PDF has the number, OCR, due date, every Payout line, totals, VAT and payment instructions; the email carries it", async () => {
    const c = await client("inv-pdf", "demo", { email: "ap@inv-pdf.example" });
    const lines = await Promise.all(
      ["Catering Åre", "Cleaning", "Night shift"].map((d, i) => c.payout({ id: `line-${i}`, amount: `${(i + 1) * 111}.00`, description: d })),
    );
    const payrunId = lines[0].payrun as string;
    const proforma = (await app.json<List<Invoice>>("/v2/invoices/", c.h)).body.results[0];
    expect((await app.api(`/v2/invoices/${proforma.id}/pdf/`, c.h)).status).toBe(404);
    await app.api(`/v2/payruns/${payrunId}/close/`, { method: "POST", ...c.h });
    const invoice = (await app.json<Invoice>(`/v2/invoices/${proforma.id}/`, c.h)).body;

    const res = await app.api(new URL(invoice.pdf_url ?? "").pathname, { ...c.h, headers: { ...c.h.headers, Accept: "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${invoice.invoice_number}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain(`Invoice number: ${invoice.invoice_number}`);
    expect(text).toContain(`OCR reference: ${invoice.invoice_number}`);
    // The day as people read it (calendar-day.ts, the dashboard's style), not the API's ISO date.
    expect(text).toContain(`Due date: ${formatCalendarDay(invoice.due_date ?? "", "en")}`);
    // Each Payout's line: its description and cost, and its id whole on the line below.
    const rows = text.split("\n");
    for (const p of lines) {
      const at = rows.findIndex((l) => l.trim() === `Payout ${p.id}`);
      expect(at, p.id).toBeGreaterThan(0);
      expect(rows[at - 1]).toContain(p.description);
      expect(rows[at - 1]).toContain(en.money(p.cost));
    }
    // A long description wraps within its column instead of being cut.
    const long = await c.payout({ id: "line-long", amount: "1.00", description: `Weekend ${"inventory ".repeat(12)}finally` });
    expect(long.payrun).not.toBe(payrunId);
    await app.api(`/v2/payruns/${long.payrun as string}/close/`, { method: "POST", ...c.h });
    const longInvoice = (await app.json<Payrun>(`/v2/payruns/${long.payrun as string}/`, c.h)).body;
    const longText = pdfText(Buffer.from(await (await app.api(new URL(longInvoice.pdf ?? "").pathname, c.h)).arrayBuffer()));
    expect(longText).toContain("finally");
    expect(longText.match(/inventory/g)).toHaveLength(12);
    // Amounts as English writes them (the account's language is English by default): SEK 1,234.50.
    expect(text).toMatch(new RegExp(`Total excl. VAT\\s+${sek(invoice.subtotal)}`));
    expect(text).toMatch(new RegExp(`VAT 25%\\s+${sek(invoice.vat)}`));
    expect(text).toMatch(new RegExp(`Total incl. VAT\\s+${sek(invoice.total)}`));
    expect(text).toContain("Payment");
    expect(text).toContain(`quoting the OCR reference ${invoice.invoice_number}`);
    // No BANKGIRO configured here: no account number is made up; the dashboard has the payment details.
    expect(text).not.toContain("Bankgiro");
    expect(text).toContain("Payment details, and payment:");
    expect(text).toContain(`${app.publicUrl}/invoices/${invoice.id}`);
    expect(text).toContain("Bygg & Co AB");

    expect((await app.api(`/v2/invoices/${invoice.id}/pdf/`, { key: null, headers: c.h.headers })).status).toBe(401);
    const other = await client("inv-pdf-other");
    expect((await app.api(`/v2/invoices/${invoice.id}/pdf/`, other.h)).status).toBe(404);

    await app.drainJobs();
    // The subject carries the total as English writes money ("SEK 1,234.50", with a no-break space): an encoded word.
    const mail = app.mails().find((m) => m.text.includes("To: ap@inv-pdf.example") && decodeMail(m.text).includes(`The invoice ${invoice.invoice_number} for`));
    expect(mail).toBeDefined();
    expect(decodeMail(mail?.text ?? "")).toContain(`Subject: =?UTF-8?Q?Invoice_${invoice.invoice_number}_from_Payroute`);
    expect(mail?.text).toContain("Content-Type: application/pdf");
    expect(mail?.text).toContain(`filename=invoice-${invoice.invoice_number}.pdf`);
    const attachment = /Content-Transfer-Encoding: base64\r?\n(?:.*\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(
      mail?.text.slice(mail.text.indexOf("application/pdf")) ?? "",
    );
    expect(attachment).not.toBeNull();
    expect(pdfText(Buffer.from(attachment?.[1].replace(/\s/g, "") ?? "", "base64"))).toContain(`OCR reference: ${invoice.invoice_number}`);
  });
});

describe("payment", () => {
  it("demo pay marks the Invoice and Payrun paid (amount_paid, paid_at); operators do the same in live", async () => {
    const c = await client("inv-pay");
    const p = await c.payout({ amount: "1000.00" });
    const paid = await app.json<Payrun>(`/v2/payruns/${p.payrun as string}/pay/?expand=invoice`, { method: "POST", ...c.h });
    expect(paid.status).toBe(200);
    const invoice = (await app.json<Payrun>(`/v2/payruns/${p.payrun as string}/?expand=invoice`, c.h)).body.invoice as Invoice;
    expect(invoice).toMatchObject({ status: "paid", amount_paid: invoice.total, amount_due: "0.00", paid_at: paid.body.paid_at });
    expect(validOcr(invoice.invoice_number ?? "")).toBe(true);

    const live = await client("inv-live", "live");
    const q = await live.payout({ amount: "200.00" });
    await app.api(`/v2/payruns/${q.payrun as string}/close/`, { method: "POST", ...live.h });
    const operator = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op" });
    const entry = (await operator.payruns.unpaid()).find((u) => u.payrun.id === q.payrun);
    expect(entry?.payrun.latest_status).toBe("invoiced");
    await operator.payruns.markPaid({ payrunPk: entry?.pk ?? "" });
    const after = (await app.json<List<Invoice>>("/v2/invoices/", live.h)).body.results[0];
    expect(after).toMatchObject({ status: "paid", amount_due: "0.00" });
    expect(after.amount_paid).toBe(after.total);
    await app.drainJobs();
    // Issue 25's status model: paid and notified, its Employee not yet claimed.
    expect((await app.json<{ latest_status: string }>(`/v2/payouts/${q.id}/`, live.h)).body.latest_status).toBe("onboarding_incomplete");
  });
});

describe("faces", () => {
  it("HTML views of the list and an Invoice; the OpenAPI document lists the endpoints and the PDF as application/pdf", async () => {
    const c = await client("inv-html");
    await c.payout({ amount: "1.00" });
    const page = await app.api("/v2/invoices/", { ...c.h, headers: { ...c.h.headers, Accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toContain("List Invoices");
    const doc = (
      await app.json<{ paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> }>("/v2/openapi.json")
    ).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/invoices/", "/invoices/{invoice_id}/", "/invoices/{invoice_id}/issue/", "/invoices/{invoice_id}/pdf/"]),
    );
    expect(Object.keys(doc.paths["/invoices/{invoice_id}/pdf/"].get.responses["200"].content ?? {})).toEqual(["application/pdf"]);
    expect((await app.json<Record<string, string>>("/v2/", { key: c.key })).body.invoices).toBe(`${app.publicUrl}/v2/invoices/`);
  });
});

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
