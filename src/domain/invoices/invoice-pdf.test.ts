import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { InvoiceDocument } from "./invoice-document";
import { renderInvoicePdf } from "./invoice-pdf";
import { FONT_FILES, installedFonts, textRuns } from "./pdf-fonts";

const doc = (overrides: Partial<InvoiceDocument> = {}): InvoiceDocument => ({
  invoiceNumber: "1001",
  ocr: "100123",
  issuedDate: "2026-11-27",
  dueDate: "2026-12-27",
  currency: "SEK",
  integrationName: "中文 😀 Integration",
  payrun: "pr-1",
  prepayment: null,
  customerReference: "Ссылка Ωμέγα",
  recipient: ["株式会社 テスト", "서울 강남구 1", "Łódź, Zürich"],
  email: "billing@example.se",
  lines: [{ payout: "po-1", employee: "王小明", description: "Shift 🎉 in Åre", cost: "100.00", vat: "25.00" }],
  subtotal: "100.00",
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

/** What poppler's `tool` reads in `pdf`: `pdftotext` its text, `pdfinfo` its metadata. */
function readPdf(pdf: Buffer, tool: "pdftotext" | "pdfinfo"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "invoice-pdf-"));
  try {
    const file = path.join(dir, "i.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync(tool, tool === "pdftotext" ? [file, "-"] : [file], { encoding: "utf8" });
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

describe("the invoice PDF's texts", () => {
  // pdftotext's reading of each kind of Invoice, pinned (Helvetica only, so the layout is the same on every machine).
  it.each([
    ["a Payrun's, unpaid, without a Bankgiro", {}],
    ["a Payrun's, unpaid, with a Bankgiro and prepayments", { bankgiro: "123-4567", prepaid: "25.00", amountDue: "100.00" }],
    ["a Payrun's, paid", { paid: true, amountPaid: "125.00", amountDue: "0.00" }],
    [
      "a Prepayment's",
      {
        payrun: null,
        prepayment: "pp-1",
        vat: "0.00",
        total: "100.00",
        amountDue: "100.00",
        lines: [{ payout: "pp-1", employee: "", description: "Float", cost: "100.00", vat: "0.00" }],
      },
    ],
  ] satisfies [string, Partial<InvoiceDocument>][])("%s", async (_, overrides) => {
    const latin = { integrationName: "Åre Integration", customerReference: "PO 42", recipient: ["Åsa AB", "Storgatan 1", "831 30 Östersund"] };
    const pdf = await renderInvoicePdf(doc({ ...latin, ...overrides }), {});
    expect(readPdf(pdf, "pdfinfo").match(/^Title:.*$/m)?.[0]).toBe("Title:           Invoice 1001");
    expect(pdfText(pdf)).toMatchSnapshot();
  });
});
