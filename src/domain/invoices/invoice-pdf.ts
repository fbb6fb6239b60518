/**
 * The Invoice as a PDF, drawn with pdfkit: its built-in Helvetica for Windows-1252 text, and installed fonts
 * for names and addresses in other scripts and emoji (pdf-fonts.ts). Text stays text, so `pdftotext` and
 * screen readers read every figure and name.
 */
import type { InvoiceDocument } from "./invoice-document";
import { installedFonts, textRuns, type InstalledFonts } from "./pdf-fonts";

// pdfkit parses its font metrics when loaded (about 29 MiB resident): loaded on the first PDF, not at start.
const loadPdfkit = () => import("pdfkit").then((m) => m.default);
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

const MARGIN = 50;
/** Helvetica's ascender (its AFM: 718 per 1000 of the font size), where pdfkit puts the first baseline. */
const HELVETICA_ASCENDER = 0.718;

/** `fonts`: the installed ones; a test passes fewer to see the fallback. */
export async function renderInvoicePdf(doc: InvoiceDocument, fonts: InstalledFonts = installedFonts()): Promise<Buffer> {
  const PDFDocument = await (pdfkit ??= loadPdfkit());
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: `Invoice ${doc.invoiceNumber}`, Author: "Payroute" } });
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
    pdf.font("Helvetica-Bold").text("Invoice", { continued: false });
    fontSize(10);
    pdf.font("Helvetica").moveDown(0.5);
    pdf.text(`Invoice number: ${doc.invoiceNumber}`);
    pdf.text(`OCR reference: ${doc.ocr}`);
    pdf.text(`Invoice date: ${doc.issuedDate}`);
    pdf.text(`Due date: ${doc.dueDate}`);
    if (doc.payrun) write(`Payrun: ${doc.payrun}`);
    if (doc.prepayment) write(`Prepayment: ${doc.prepayment}`);
    if (doc.customerReference) write(`Your reference: ${doc.customerReference}`);
    write(`Integration: ${doc.integrationName}`);
    pdf.moveDown();
    pdf.font("Helvetica-Bold").text("Bill to");
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
    const head = doc.prepayment
      ? { payout: "Prepayment", employee: "", description: "Description", cost: `Amount (${doc.currency})`, vat: "VAT" }
      : { payout: "Payout", employee: "Employee", description: "Description", cost: `Cost (${doc.currency})`, vat: "VAT" };
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
    total("Subtotal (excl. VAT)", doc.subtotal);
    total(doc.prepayment ? "VAT (none: money on account)" : "VAT 25 %", doc.vat);
    total("Total (incl. VAT)", doc.total, true);
    if (doc.prepaid !== "0.00") total("Paid from prepayments", doc.prepaid);
    total("Paid", doc.amountPaid);
    total("Amount due", doc.amountDue, true);
    pdf.moveDown();

    pdf.font("Helvetica-Bold").text("Payment instructions", MARGIN, pdf.y, { width });
    pdf.font("Helvetica");
    if (doc.paid) pdf.text("This invoice has been paid. Thank you.", { width });
    else {
      if (doc.bankgiro) {
        pdf.text(`Pay ${doc.amountDue} ${doc.currency} by ${doc.dueDate} to Bankgiro ${doc.bankgiro}, quoting the OCR reference ${doc.ocr},`, { width });
        pdf.text(`or pay in the Payroute dashboard: ${doc.payUrl}`, { width });
      } else {
        // No account configured (BANKGIRO unset): never print a made-up one; the dashboard shows how to pay.
        pdf.text(`Pay ${doc.amountDue} ${doc.currency} by ${doc.dueDate}, quoting the OCR reference ${doc.ocr}.`, { width });
        pdf.text(`Payment details, and payment: ${doc.payUrl}`, { width });
      }
      if (doc.prepayment) pdf.text("The amount becomes available to your Payruns once the payment has arrived.", { width });
      else pdf.text("The Employees are notified of their Payouts once the payment has arrived.", { width });
    }
    pdf.end();
  });
}
