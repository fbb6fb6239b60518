/**
 * The Invoice a bookkeeper accepts (issue 28, item 5): the account's language (set by its admins), the seller
 * (SELLER_*) and the buyer with the numbers of its Registration, read back from the PDF with pdftotext in
 * Swedish and in English; the invoice email in the account's language; and no PDF nor email without the seller.
 */
import crypto from "node:crypto";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { formatCalendarDay } from "@/i18n/catalogue/calendar-day";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFormat } from "@/i18n/document-format";
import type { Locale } from "@/i18n/catalogue/locales";
import { callerFor, decodeMail, integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;

type Invoice = { id: string; invoice_number: string; due_date: string; issued_at: string; subtotal: string; vat: string; total: string; amount_due: string };

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

const session = (accountPk: string, teamRole: "admin" | "member") =>
  callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", teamRole, userId: crypto.randomUUID() });

/** An amount as the PDF in `locale` reads back (pdftotext gives the no-break space as a space). */
const money = (locale: Locale, amount: string) =>
  documentFormat(locale)
    .money(amount, "SEK")
    .replace(/\u00a0/g, " ");

function pdfLines(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-language-"));
  try {
    const file = path.join(dir, "invoice.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" })
      .split("\n")
      .map((l) => l.replace(/\s+/g, " ").trim());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An account whose Integration comes from an approved Registration (a Danish company), in `language`, with a
 * closed Payrun of two Payouts: its issued Invoice, the Payout ids (UUIDs) and the PDF read back.
 */
async function invoicedClient(integrationId: string, language: Locale | null) {
  const { key, accountPk } = await app.newKey("demo");
  if (language) await session(accountPk, "admin").accounts.updateSettings({ language });
  const reg = await app.json<{ id: string }>("/v2/registrations/", { method: "POST", key, body: registrationBody({ integration_id: integrationId }) });
  expect(reg.status).toBe(201);
  expect((await app.api(`/v2/registrations/${reg.body.id}/approve/`, { method: "POST", key })).status).toBe(200);
  const h = { key, headers: { "Integration-ID": integrationId } };
  expect(
    (await app.json("/v2/employees/", { method: "POST", ...h, body: { id: "e-1", name: "Åsa Öberg", email: `asa@${integrationId}.example`, country: "SWE" } }))
      .status,
  ).toBe(201);
  const ids = [crypto.randomUUID(), crypto.randomUUID()];
  let payrun = "";
  for (const [i, id] of ids.entries()) {
    const res = await app.json<{ payrun: string }>("/v2/payouts/", {
      method: "POST",
      ...h,
      body: { id, employee: "e-1", cost: i === 0 ? "17593.87" : "1.00", currency: "SEK", description: i === 0 ? "Catering Åre" : "Cleaning" },
    });
    expect(res.status).toBe(201);
    payrun = res.body.payrun;
  }
  expect((await app.api(`/v2/payruns/${payrun}/close/`, { method: "POST", ...h })).status).toBe(204);
  const invoiceId = (await app.json<{ invoice: string }>(`/v2/payruns/${payrun}/`, h)).body.invoice;
  const invoice = (await app.json<Invoice>(`/v2/invoices/${invoiceId}/`, h)).body;
  const pdf = await app.api(`/v2/invoices/${invoiceId}/pdf/`, h);
  expect(pdf.status).toBe(200);
  return { key, accountPk, h, payrun, ids, invoice, lines: pdfLines(Buffer.from(await pdf.arrayBuffer())) };
}

describe("the account's language", () => {
  it("English by default; its admins set English or Swedish; members read it and may not change it", async () => {
    const { accountPk } = await app.newKey("demo");
    const admin = session(accountPk, "admin");
    expect(await admin.accounts.settings()).toEqual({ language: "en" });
    expect(await admin.accounts.updateSettings({ language: "sv" })).toEqual({ language: "sv" });
    const member = session(accountPk, "member");
    expect(await member.accounts.settings()).toEqual({ language: "sv" });
    await expect(member.accounts.updateSettings({ language: "en" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    // @ts-expect-error: only the languages Payroute speaks
    await expect(admin.accounts.updateSettings({ language: "de" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await app.db.account.findUniqueOrThrow({ where: { pk: accountPk }, select: { language: true } })).language).toBe("sv");
    // Another account's setting is its own.
    const other = await app.newKey("demo");
    expect(await session(other.accountPk, "admin").accounts.settings()).toEqual({ language: "en" });
  });
});

describe("the Invoice PDF, read back with pdftotext", () => {
  it.each([
    [
      "sv" as const,
      {
        seller: ["Payroute Test AB", "Testgatan 1", "111 22 Stockholm", "Org.nr 559123-4561", "Momsreg.nr SE559123456101"],
        buyer: ["Kund", "Nordvik ApS", "Vesterbrogade 1", "1620 København V", "Danmark", "Org.nr 18785153", "Momsreg.nr DK18785153", "finance@nordvik.example"],
        facts: (i: Invoice) => [
          `Fakturanummer: ${i.invoice_number}`,
          `Fakturadatum: ${formatCalendarDay(i.issued_at.slice(0, 10), "sv")}`,
          `Förfallodatum: ${formatCalendarDay(i.due_date, "sv")}`,
          `OCR-nummer: ${i.invoice_number}`,
        ],
        totals: (i: Invoice) => [
          `Summa exkl. moms ${money("sv", i.subtotal)}`,
          `Moms 25 % ${money("sv", i.vat)}`,
          `Summa inkl. moms ${money("sv", i.total)}`,
          `Att betala ${money("sv", i.amount_due)}`,
        ],
        id: "Utbetalning",
        title: "Faktura",
      },
    ],
    [
      "en" as const,
      {
        seller: ["Payroute Test AB", "Testgatan 1", "111 22 Stockholm", "Org. no. 559123-4561", "VAT reg. no. SE559123456101"],
        buyer: [
          "Bill to",
          "Nordvik ApS",
          "Vesterbrogade 1",
          "1620 København V",
          "Denmark",
          "Org. no. 18785153",
          "VAT reg. no. DK18785153",
          "finance@nordvik.example",
        ],
        facts: (i: Invoice) => [
          `Invoice number: ${i.invoice_number}`,
          `Invoice date: ${formatCalendarDay(i.issued_at.slice(0, 10), "en")}`,
          `Due date: ${formatCalendarDay(i.due_date, "en")}`,
          `OCR reference: ${i.invoice_number}`,
        ],
        totals: (i: Invoice) => [
          `Total excl. VAT ${money("en", i.subtotal)}`,
          `VAT 25% ${money("en", i.vat)}`,
          `Total incl. VAT ${money("en", i.total)}`,
          `Amount due ${money("en", i.amount_due)}`,
        ],
        id: "Payout",
        title: "Invoice",
      },
    ],
  ])(
    "in %s: the seller, the buyer with its Registration's numbers, number, dates, OCR, VAT rate and amount, separators, whole ids",
    async (locale, expected) => {
      const { invoice, lines, ids } = await invoicedClient(`lang-${locale}`, locale === "sv" ? "sv" : null);
      expect(lines[0]).toMatch(new RegExp(`^${expected.title} `));
      for (const l of [...expected.seller, ...expected.buyer])
        expect(
          lines.some((line) => line.endsWith(l)),
          l,
        ).toBe(true);
      for (const l of expected.facts(invoice))
        expect(
          lines.some((line) => line.startsWith(l)),
          l,
        ).toBe(true);
      for (const l of expected.totals(invoice)) expect(lines, l).toContain(l);
      // The separators of the language: 17 593,86 in Swedish, 17,593.86 in English (the cost as priced).
      expect(lines.join("\n")).toMatch(locale === "sv" ? /Catering Åre Åsa Öberg 17 593,\d\d 4 398,\d\d/ : /Catering Åre Åsa Öberg 17,593\.\d\d 4,398\.\d\d/);
      // Each Payout's id (a UUID) whole, on a line of its own.
      for (const id of ids) expect(lines, id).toContain(`${expected.id} ${id}`);
    },
  );

  it("the invoice email is in the account's language too, its amount with the language's separators", async () => {
    const { invoice } = await invoicedClient("lang-mail", "sv");
    await app.drainJobs();
    const mail = app
      .mails()
      .map((m) => decodeMail(m.text).replace(/\u00a0/g, " "))
      .find((m) => m.includes("To: finance@nordvik.example") && m.includes(`Fakturan ${invoice.invoice_number} `));
    expect(mail).toBeDefined();
    expect(mail).toContain(`Subject: =?UTF-8?Q?Faktura_${invoice.invoice_number}_från_Payroute`); // an encoded word, its bytes decoded
    expect(mail).toContain("Hej Nordvik ApS");
    expect(mail).toContain(`Fakturan ${invoice.invoice_number} för er lönekörning är bifogad: ${money("sv", invoice.total)} inklusive moms`);
    expect(mail).toContain(`Betala med OCR-nummer ${invoice.invoice_number}`);
  });
});

describe("without the seller's details (SELLER_* unset)", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ seller: null });
  });
  afterAll(() => bare?.close());

  it("the PDF is refused with 503 and the email job fails, to be retried; nothing is sent", async () => {
    const { key } = await bare.newKey("demo");
    expect(
      (await bare.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "no-seller", email: "ap@no-seller.example" }) })).status,
    ).toBe(201);
    const h = { key, headers: { "Integration-ID": "no-seller" } };
    expect(
      (await bare.json("/v2/employees/", { method: "POST", ...h, body: { id: "e-1", name: "Pia Holm", email: "pia@no-seller.example", country: "SWE" } }))
        .status,
    ).toBe(201);
    const payout = await bare.json<{ payrun: string }>("/v2/payouts/", {
      method: "POST",
      ...h,
      body: { employee: "e-1", amount: "100.00", currency: "SEK", description: "Shift" },
    });
    // The Invoice is still issued (its number kept, so numbering has no gaps): closing the Payrun works.
    expect((await bare.api(`/v2/payruns/${payout.body.payrun}/close/`, { method: "POST", ...h })).status).toBe(204);
    const invoiceId = (await bare.json<{ invoice: string }>(`/v2/payruns/${payout.body.payrun}/`, h)).body.invoice;
    const pdf = await bare.json(`/v2/invoices/${invoiceId}/pdf/`, h);
    expect(pdf.status).toBe(503);
    expect(pdf.body).toEqual({ detail: "This Invoice's PDF is not available yet: the service's seller details are not configured. Please try again later." });

    await bare.drainJobs();
    const job = await bare.db.outboxJob.findFirstOrThrow({
      where: { kind: "invoice.email" },
      select: { attempts: true, lastError: true, failedAt: true, completedAt: true },
    });
    expect(job).toMatchObject({ attempts: 1, failedAt: null, completedAt: null });
    expect(job.lastError).toContain("SELLER_NAME, SELLER_ORG_NUMBER, SELLER_VAT_NUMBER, SELLER_ADDRESS");
    expect(bare.mails().filter((m) => m.text.includes("To: ap@no-seller.example"))).toEqual([]);
  });
});
