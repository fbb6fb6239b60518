import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Seller } from "@/config/seller";
import type { InvoiceDocument } from "./invoice-document";
import { documentFormat } from "@/i18n/document-format";
import { renderInvoicePdf } from "./invoice-pdf";
import { FONT_FILES, installedFonts, textRuns } from "./pdf-fonts";

const seller: Seller = {
  name: "Payroute Test AB",
  orgNumber: "559123-4561",
  vatNumber: "SE559123456101",
  address: ["Testgatan 1", "111 22 Stockholm"],
  placeholder: false,
};

const doc = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  locale: "en",
  seller,
  buyer: {
    name: "株式会社 テスト",
    address: ["서울 강남구 1", "Łódź, Zürich"],
    orgNumber: "556677-8899",
    vatNumber: "SE556677889901",
    email: "billing@example.se",
  },
  invoiceNumber: "1001",
  ocr: "100123",
  issuedDate: "2026-11-27",
  dueDate: "2026-12-27",
  currency: "SEK",
  integrationName: "中文 😀 Integration",
  payrun: "pr-1",
  prepayment: null,
  customerReference: "Ссылка Ωμέγα",
  lines: [{ payout: "po-1", employee: "王小明", description: "Shift 🎉 in Åre", cost: "100.00", vat: "25.00" }],
  subtotal: "100.00",
  vatRate: "0.25",
  vat: "25.00",
  total: "125.00",
  amountPaid: "0.00",
  prepaid: "0.00",
  amountDue: "125.00",
  paid: false,
  payUrl: "https://payroute.example/invoices/1001",
  bankgiro: null,
  ...overrides,
});

/** What poppler's `tool` reads in `pdf`: `pdftotext` its text (with `-layout`: in columns), `pdfinfo` its metadata. */
function readPdf(pdf: Buffer, tool: "pdftotext" | "pdftotext-layout" | "pdfinfo"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
  try {
    const file = path.join(dir, "i.pdf");
    fs.writeFileSync(file, pdf);
    if (tool === "pdfinfo") return execFileSync(tool, [file], { encoding: "utf8" });
    return execFileSync("pdftotext", [...(tool === "pdftotext-layout" ? ["-layout"] : []), file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const pdfText = (pdf: Buffer) => readPdf(pdf, "pdftotext");

const allFonts = Object.values(FONT_FILES).every((f) => fs.existsSync(f.file));

describe("the invoice PDF's fonts", () => {
  it.skipIf(!allFonts)("draws and reads back Chinese, Japanese, Korean, Cyrillic, Greek, Polish and emoji", async () => {
    const text = pdfText(await renderInvoicePdf(doc()));
    for (const expected of ["中文 😀 Integration", "Ссылка Ωμέγα", "株式会社 テスト", "서울 강남구 1", "Łódź, Zürich", "王小明", "Shift 🎉 in Åre"]) {
      expect(text).toContain(expected);
    }
  });

  it("draws Windows-1252 text in Helvetica alone, as before", () => {
    expect(textRuns("Åsa Öberg – 1 500,50 €", false, installedFonts())).toEqual([{ font: "Helvetica", text: "Åsa Öberg – 1 500,50 €" }]);
    expect(textRuns("Total", true, installedFonts())).toEqual([{ font: "Helvetica-Bold", text: "Total" }]);
  });

  it("splits mixed text into runs of the font that has each character", () => {
    const font = { data: Buffer.alloc(0) };
    const fonts = { unicode: font, unicodeBold: font, cjk: font, emoji: font };
    expect(textRuns("A 中文 😀️ Ω", false, fonts)).toEqual([
      { font: "Helvetica", text: "A " },
      { font: "cjk", text: "中文" },
      { font: "Helvetica", text: " " },
      { font: "emoji", text: "😀" }, // the variation selector is left out
      { font: "Helvetica", text: " " },
      { font: "unicode", text: "Ω" },
    ]);
    expect(textRuns("Ω", true, fonts)).toEqual([{ font: "unicodeBold", text: "Ω" }]);
  });

  it("falls back where a font is missing: to another installed font, else a question mark", () => {
    expect(textRuns("中 😀", false, { unicode: { data: Buffer.alloc(0) } })).toEqual([
      { font: "unicode", text: "中" },
      { font: "Helvetica", text: " " },
      { font: "unicode", text: "😀" },
    ]);
    expect(textRuns("Tip 中文 😀", false, {})).toEqual([{ font: "Helvetica", text: "Tip ?? ?" }]);
  });

  it("renders with no font installed at all: Helvetica, and a question mark for what it cannot draw", async () => {
    const text = pdfText(await renderInvoicePdf(doc(), {}));
    expect(text).toContain("Integration: ?? ? Integration");
    expect(text).toContain("Shift ? in Åre");
  });
});

const latin = {
  integrationName: "Åre Integration",
  customerReference: "PO 42",
  buyer: { name: "Åsa AB", address: ["Storgatan 1", "831 30 Östersund"], orgNumber: "556677-8899", vatNumber: "SE556677889901", email: "billing@example.se" },
};

describe("the invoice PDF's texts", () => {
  // pdftotext's reading of each kind of Invoice in each language, pinned (Helvetica only, so the layout is the same on every machine).
  const kinds = [
    ["a Payrun's, unpaid, without a Bankgiro", {}],
    ["a Payrun's, unpaid, with a Bankgiro and prepayments", { bankgiro: "123-4567", prepaid: "25.00", amountDue: "100.00" }],
    ["a Payrun's, paid", { paid: true, amountPaid: "125.00", amountDue: "0.00" }],
    [
      "a Prepayment's",
      {
        payrun: null,
        prepayment: "pp-1",
        vatRate: "0",
        vat: "0.00",
        total: "100.00",
        amountDue: "100.00",
        lines: [{ payout: "pp-1", employee: "", description: "Float", cost: "100.00", vat: "0.00" }],
      },
    ],
  ] satisfies [string, Partial<InvoiceDocument>][];
  it.each((["en", "sv"] as const).flatMap((locale) => kinds.map(([name, overrides]) => [locale, name, overrides] as const)))(
    "%s: %s",
    async (locale, _, overrides) => {
      const pdf = await renderInvoicePdf(doc({ ...latin, locale, ...overrides }), {});
      expect(readPdf(pdf, "pdfinfo").match(/^Title:.*$/m)?.[0]).toBe(`Title:           ${locale === "sv" ? "Faktura" : "Invoice"} 1001`);
      expect(pdfText(pdf)).toMatchSnapshot();
    },
  );
});

/** pdftotext -layout's reading, its lines with their runs of spaces (columns) made one space. */
const layoutLines = (pdf: Buffer) =>
  readPdf(pdf, "pdftotext-layout")
    .split("\n")
    .map((l) => l.replace(/\s+/g, " ").trim());

describe("what a bookkeeper needs, read back with pdftotext", () => {
  const uuids = ["3f2504e0-4f89-41d3-9a0c-0305e82c3301", "9b2e6f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b"];
  const invoice = doc({
    ...latin,
    invoiceNumber: "10014",
    ocr: "10014",
    issuedDate: "2026-11-27",
    dueDate: "2026-12-11",
    payrun: "c0ffee00-1234-4abc-8def-001122334455",
    lines: [
      { payout: uuids[0], employee: "Åsa Öberg", description: "Catering Åre", cost: "17593.87", vat: "4398.47" },
      { payout: uuids[1], employee: "Karl-Johan Lindqvist-Andersson", description: `Weekend ${"inventory ".repeat(12)}finally`, cost: "0.20", vat: "0.05" },
    ],
    subtotal: "17594.07",
    vat: "4398.52",
    total: "21992.59",
    prepaid: "0.25",
    amountPaid: "0.25",
    amountDue: "21992.34",
    bankgiro: "5050-1055",
  });

  it.each([
    [
      "sv",
      {
        seller: ["Payroute Test AB", "Testgatan 1", "111 22 Stockholm", "Org.nr 559123-4561", "Momsreg.nr SE559123456101"],
        buyer: ["Kund", "Åsa AB", "Storgatan 1", "831 30 Östersund", "Org.nr 556677-8899", "Momsreg.nr SE556677889901", "billing@example.se"],
        facts: [
          "Fakturanummer: 10014",
          "Fakturadatum: 27 nov. 2026",
          "Förfallodatum: 11 dec. 2026",
          "Betalningsvillkor: 14 dagar netto",
          "OCR-nummer: 10014",
          "Er referens: PO 42",
          "Lönekörning: c0ffee00-1234-4abc-8def-001122334455",
        ],
        columns: "Beskrivning Anställd Kostnad (SEK) Moms (SEK)",
        line: "Catering Åre Åsa Öberg 17 593,87 4 398,47",
        ids: uuids.map((id) => `Utbetalning ${id}`),
        totals: [
          "Summa exkl. moms 17 594,07 kr",
          "Moms 25 % 4 398,52 kr",
          "Summa inkl. moms 21 992,59 kr",
          "Avräknat från förskott 0,25 kr",
          "Betalt 0,25 kr",
          "Att betala 21 992,34 kr",
        ],
        payment: "Betala 21 992,34 kr senast 11 dec. 2026 till bankgiro 5050-1055 och ange OCR-nummer 10014,",
      },
    ],
    [
      "en",
      {
        seller: ["Payroute Test AB", "Testgatan 1", "111 22 Stockholm", "Org. no. 559123-4561", "VAT reg. no. SE559123456101"],
        buyer: ["Bill to", "Åsa AB", "Storgatan 1", "831 30 Östersund", "Org. no. 556677-8899", "VAT reg. no. SE556677889901", "billing@example.se"],
        facts: [
          "Invoice number: 10014",
          "Invoice date: 27 Nov 2026",
          "Due date: 11 Dec 2026",
          "Payment terms: 14 days net",
          "OCR reference: 10014",
          "Your reference: PO 42",
          "Payrun: c0ffee00-1234-4abc-8def-001122334455",
        ],
        columns: "Description Employee Cost (SEK) VAT (SEK)",
        line: "Catering Åre Åsa Öberg 17,593.87 4,398.47",
        ids: uuids.map((id) => `Payout ${id}`),
        totals: [
          "Total excl. VAT SEK 17,594.07",
          "VAT 25% SEK 4,398.52",
          "Total incl. VAT SEK 21,992.59",
          "Settled from prepayments SEK 0.25",
          "Paid SEK 0.25",
          "Amount due SEK 21,992.34",
        ],
        payment: "Pay SEK 21,992.34 by 11 Dec 2026 to Bankgiro 5050-1055, quoting the OCR reference 10014,",
      },
    ],
  ] as const)("in %s: seller, buyer, number, dates, due, OCR, VAT rate and amount, separators, whole ids", async (locale, expected) => {
    const pdf = await renderInvoicePdf({ ...invoice, locale }, {});
    const lines = layoutLines(pdf);
    const text = lines.join("\n");
    // Seller and buyer stand side by side: each of their lines ends or begins a line of the page.
    for (const l of expected.seller)
      expect(
        lines.some((line) => line.endsWith(l)),
        l,
      ).toBe(true);
    for (const l of expected.buyer)
      expect(
        lines.some((line) => line.endsWith(l)),
        l,
      ).toBe(true);
    for (const l of expected.facts)
      expect(
        lines.some((line) => line.startsWith(l)),
        l,
      ).toBe(true);
    expect(text).toContain(expected.columns);
    expect(text).toContain(expected.line);
    // Each id on a line of its own, whole: never broken at its hyphens.
    for (const id of expected.ids) expect(lines, id).toContain(id);
    for (const total of expected.totals) expect(lines, total).toContain(total);
    expect(text).toContain(expected.payment);
    expect(lines).toContain(invoice.payUrl);
  });

  it("a long id shrinks to stay on one line; one too long for any size is cut into equal pieces, not at its hyphens", async () => {
    const long = `${"a1b2c3d4-".repeat(10)}end`;
    const huge = "x".repeat(255);
    const pdf = await renderInvoicePdf(
      doc({
        ...latin,
        lines: [
          { payout: long, employee: "A", description: "Long", cost: "1.00", vat: "0.25" },
          { payout: huge, employee: "B", description: "Huge", cost: "1.00", vat: "0.25" },
        ],
      }),
      {},
    );
    const lines = layoutLines(pdf);
    expect(lines).toContain(`Payout ${long}`);
    const pieces = lines.filter((l) => /^(Payout )?x+$/.test(l));
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("").replace("Payout ", "")).toBe(huge);
  });

  it("a long Invoice: the columns' heading on every page, and each page's footer names the seller, the number and the page", async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      payout: `po-${i}`,
      employee: `Person ${i}`,
      description: `Shift ${i}`,
      cost: "1000.00",
      vat: "250.00",
    }));
    const text = layoutLines(await renderInvoicePdf(doc({ ...latin, locale: "sv", lines }), {})).join("\n");
    expect(text.match(/Beskrivning Anställd Kostnad \(SEK\) Moms \(SEK\)/g)).toHaveLength(2);
    expect(text).toContain("Payroute Test AB · Faktura 1001 · Sida 1 av 2");
    expect(text).toContain("Payroute Test AB · Faktura 1001 · Sida 2 av 2");
  });

  it("a development placeholder seller says the invoice is not valid", async () => {
    const placeholder = { ...seller, name: "DEVELOPMENT PLACEHOLDER SELLER (not a valid invoice)", placeholder: true };
    const en = pdfText(await renderInvoicePdf(doc({ ...latin, seller: placeholder }), {}));
    expect(en).toContain("NOT A VALID INVOICE");
    const sv = pdfText(await renderInvoicePdf(doc({ ...latin, seller: placeholder, locale: "sv" }), {}));
    expect(sv).toContain("INTE EN GILTIG FAKTURA");
  });
});

describe("the invoice's amounts in its language", () => {
  it("Swedish: a space between thousands, a decimal comma, kr after; English: SEK before, commas and a point", () => {
    const nbsp = (text: string) => text.replace(/\u00a0/g, " ");
    expect(nbsp(documentFormat("sv").money("21992.34", "SEK"))).toBe("21 992,34 kr");
    expect(nbsp(documentFormat("en").money("21992.34", "SEK"))).toBe("SEK 21,992.34");
    expect(nbsp(documentFormat("sv").money("1234567.5"))).toBe("1 234 567,50");
    expect(nbsp(documentFormat("en").money("-5.00", "SEK"))).toBe("-SEK 5.00");
    expect(nbsp(documentFormat("sv").money("-5.00", "SEK"))).toBe("-5,00 kr");
    // Exact, from the decimal string: no float rounding however large the amount.
    expect(nbsp(documentFormat("sv").money("123456789012345.05", "SEK"))).toBe("123 456 789 012 345,05 kr");
    expect(nbsp(documentFormat("sv").percent("0.25"))).toBe("25 %");
    expect(documentFormat("en").percent("0.25")).toBe("25%");
  });
});
