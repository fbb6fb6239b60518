/**
 * The Invoice as a PDF, drawn with pdfkit: its built-in Helvetica for Windows-1252 text, and installed fonts
 * for names and addresses in other scripts and emoji (pdf-fonts.ts). Text stays text, so `pdftotext` and
 * screen readers read every figure and name.
 */
import type { Locale } from "@/i18n/locale";
import { serverTexts } from "@/i18n/server-texts";
import type { InvoiceDocument } from "./invoice-document";
import { installedFonts, textRuns, type InstalledFonts } from "./pdf-fonts";

// pdfkit parses its font metrics when loaded (about 29 MiB resident): loaded on the first PDF, not at start.
const loadPdfkit = () => import("pdfkit").then((m) => m.default);
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

const MARGIN = 50;
/** Helvetica's ascender (its AFM: 718 per 1000 of the font size), where pdfkit puts the first baseline. */
const HELVETICA_ASCENDER = 0.718;

/** The Invoice is written in English, as its email is: an Integration has no language of its own yet. */
const LOCALE: Locale = "en";

/** `fonts`: the installed ones; a test passes fewer to see the fallback. */
export async function renderInvoicePdf(doc: InvoiceDocument, fonts: InstalledFonts = installedFonts()): Promise<Buffer> {
  const PDFDocument = await (pdfkit ??= loadPdfkit());
  const tr = serverTexts(LOCALE);
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      info: { Title: tr("invoicePdf.documentTitle", { number: doc.invoiceNumber }), Author: "Payroute" },
    });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    for (const [role, font] of Object.entries(fonts)) if (font) pdf.registerFont(role, font.data, font.family);

    let size = 10;
    const fontSize = (points: number) => {
      size = points;
      pdf.fontSize(points);
    };
    /**
     * Text that may hold any script (names, addresses, references), drawn run by run in fonts that have it.
     * pdfkit places each run by its own font's ascender, so runs of other fonts would sit higher or lower:
     * every run gets Helvetica's (a number is an offset in points), which keeps one baseline, Helvetica's.
     */
    const write = (text: string, options: PDFKit.Mixins.TextOptions = {}, at?: { x: number; y: number }, bold = false) => {
      const runs = textRuns(text, bold, fonts);
      runs.forEach((run, i) => {
        pdf.font(run.font);
        const opts = { ...options, baseline: -HELVETICA_ASCENDER * size, continued: i < runs.length - 1 };
        if (i === 0 && at) pdf.text(run.text, at.x, at.y, opts);
        else pdf.text(run.text, opts);
      });
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
    };
    /** The height of `text` as `write` draws it: measured in each of its fonts, the tallest wins. */
    const heightOf = (text: string, options: PDFKit.Mixins.TextOptions, bold: boolean) => {
      const used = new Set(textRuns(text, bold, fonts).map((r) => r.font));
      const height = Math.max(...[...used].map((font) => pdf.font(font).heightOfString(text, options)));
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
      return height;
    };

    const width = pdf.page.width - 2 * MARGIN;
    fontSize(20);
    pdf.font("Helvetica-Bold").text(tr("invoicePdf.heading"), { continued: false });
    fontSize(10);
    pdf.font("Helvetica").moveDown(0.5);
    pdf.text(tr("invoicePdf.facts.number", { number: doc.invoiceNumber }));
    pdf.text(tr("invoicePdf.facts.ocr", { ocr: doc.ocr }));
    pdf.text(tr("invoicePdf.facts.issued", { date: doc.issuedDate }));
    pdf.text(tr("invoicePdf.facts.due", { date: doc.dueDate }));
    if (doc.payrun) write(tr("invoicePdf.facts.payrun", { id: doc.payrun }));
    if (doc.prepayment) write(tr("invoicePdf.facts.prepayment", { id: doc.prepayment }));
    if (doc.customerReference) write(tr("invoicePdf.facts.reference", { reference: doc.customerReference }));
    write(tr("invoicePdf.facts.integration", { name: doc.integrationName }));
    pdf.moveDown();
    pdf.font("Helvetica-Bold").text(tr("invoicePdf.billTo"));
    pdf.font("Helvetica");
    for (const line of doc.recipient) write(line);
    if (doc.email) write(doc.email);
    pdf.moveDown();

    // Payout lines: one row each, cost and VAT in their own columns.
    const cols = { payout: MARGIN, employee: MARGIN + 95, description: MARGIN + 195, cost: MARGIN + width - 140, vat: MARGIN + width - 60 };
    // Long ids, names and descriptions wrap within their column (never cut), so every line reads in full.
    const row = (cells: { payout: string; employee: string; description: string; cost: string; vat: string }, bold = false) => {
      fontSize(9);
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
      const wrapped = [
        { text: cells.payout, x: cols.payout, width: 90 },
        { text: cells.employee, x: cols.employee, width: 95 },
        { text: cells.description, x: cols.description, width: cols.cost - cols.description - 10 },
      ];
      const height = Math.max(...wrapped.map((c) => heightOf(c.text, { width: c.width }, bold)));
      if (pdf.y + height > pdf.page.height - 120) pdf.addPage();
      const y = pdf.y;
      for (const c of wrapped) write(c.text, { width: c.width }, { x: c.x, y }, bold);
      pdf.text(cells.cost, cols.cost, y, { width: 70, align: "right", lineBreak: false });
      pdf.text(cells.vat, cols.vat, y, { width: 60, align: "right", lineBreak: false });
      fontSize(10);
      pdf.x = MARGIN;
      pdf.y = y + height + 4;
    };
    const currency = { currency: doc.currency };
    const common = { description: tr("invoicePdf.columns.description"), vat: tr("invoicePdf.columns.vat") };
    const head = doc.prepayment
      ? { ...common, payout: tr("invoicePdf.columns.prepayment"), employee: "", cost: tr("invoicePdf.columns.amount", currency) }
      : { ...common, payout: tr("invoicePdf.columns.payout"), employee: tr("invoicePdf.columns.employee"), cost: tr("invoicePdf.columns.cost", currency) };
    row(head, true);
    for (const line of doc.lines) row(line);
    pdf.moveDown();

    const total = (label: string, value: string, bold = false) => {
      const y = pdf.y;
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
      pdf.text(label, MARGIN + width - 300, y, { width: 200, lineBreak: false });
      pdf.text(`${value} ${doc.currency}`, MARGIN + width - 100, y, { width: 100, align: "right", lineBreak: false });
      pdf.x = MARGIN;
      pdf.y = y + 16;
    };
    total(tr("invoicePdf.totals.subtotal"), doc.subtotal);
    total(tr(doc.prepayment ? "invoicePdf.totals.vatNone" : "invoicePdf.totals.vat"), doc.vat);
    total(tr("invoicePdf.totals.total"), doc.total, true);
    if (doc.prepaid !== "0.00") total(tr("invoicePdf.totals.prepaid"), doc.prepaid);
    total(tr("invoicePdf.totals.paid"), doc.amountPaid);
    total(tr("invoicePdf.totals.due"), doc.amountDue, true);
    pdf.moveDown();

    pdf.font("Helvetica-Bold").text(tr("invoicePdf.payment.heading"), MARGIN, pdf.y, { width });
    pdf.font("Helvetica");
    if (doc.paid) pdf.text(tr("invoicePdf.payment.paid"), { width });
    else {
      const payment = { amount: doc.amountDue, currency: doc.currency, due: doc.dueDate, ocr: doc.ocr, link: doc.payUrl };
      if (doc.bankgiro) {
        pdf.text(tr("invoicePdf.payment.toBankgiro", { ...payment, bankgiro: doc.bankgiro }), { width });
        pdf.text(tr("invoicePdf.payment.orInDashboard", payment), { width });
      } else {
        // No account configured (BANKGIRO unset): never print a made-up one; the dashboard shows how to pay.
        pdf.text(tr("invoicePdf.payment.withoutBankgiro", payment), { width });
        pdf.text(tr("invoicePdf.payment.details", payment), { width });
      }
      pdf.text(tr(doc.prepayment ? "invoicePdf.payment.afterPrepayment" : "invoicePdf.payment.afterPayrun"), { width });
    }
    pdf.end();
  });
}
