/**
 * The Invoice as a PDF, drawn with pdfkit (its built-in Helvetica: Latin-1 text, so Swedish letters, and no
 * font files to ship). Text stays text, so `pdftotext` and screen readers read every figure.
 */
import type { InvoiceDocument } from "./invoice-document";

// pdfkit parses its font metrics when loaded (about 29 MiB resident): loaded on the first PDF, not at start.
const loadPdfkit = () => import("pdfkit").then((m) => m.default);
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

const MARGIN = 50;

export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  const PDFDocument = await (pdfkit ??= loadPdfkit());
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: `Invoice ${doc.invoiceNumber}`, Author: "Payroute" } });
    const chunks: Buffer[] = [];
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);

    const width = pdf.page.width - 2 * MARGIN;
    pdf.font("Helvetica-Bold").fontSize(20).text("Invoice", { continued: false });
    pdf.font("Helvetica").fontSize(10).moveDown(0.5);
    pdf.text(`Invoice number: ${doc.invoiceNumber}`);
    pdf.text(`OCR reference: ${doc.ocr}`);
    pdf.text(`Invoice date: ${doc.issuedDate}`);
    pdf.text(`Due date: ${doc.dueDate}`);
    if (doc.payrun) pdf.text(`Payrun: ${doc.payrun}`);
    if (doc.prepayment) pdf.text(`Prepayment: ${doc.prepayment}`);
    if (doc.customerReference) pdf.text(`Your reference: ${doc.customerReference}`);
    pdf.text(`Integration: ${doc.integrationName}`);
    pdf.moveDown();
    pdf.font("Helvetica-Bold").text("Bill to");
    pdf.font("Helvetica");
    for (const line of doc.recipient) pdf.text(line);
    if (doc.email) pdf.text(doc.email);
    pdf.moveDown();

    // Payout lines: one row each, cost and VAT in their own columns.
    const cols = { payout: MARGIN, employee: MARGIN + 95, description: MARGIN + 195, cost: MARGIN + width - 140, vat: MARGIN + width - 60 };
    // Long ids, names and descriptions wrap within their column (never cut), so every line reads in full.
    const row = (cells: { payout: string; employee: string; description: string; cost: string; vat: string }, bold = false) => {
      pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9);
      const wrapped = [
        { text: cells.payout, x: cols.payout, width: 90 },
        { text: cells.employee, x: cols.employee, width: 95 },
        { text: cells.description, x: cols.description, width: cols.cost - cols.description - 10 },
      ];
      const height = Math.max(...wrapped.map((c) => pdf.heightOfString(c.text, { width: c.width })));
      if (pdf.y + height > pdf.page.height - 120) pdf.addPage();
      const y = pdf.y;
      for (const c of wrapped) pdf.text(c.text, c.x, y, { width: c.width });
      pdf.text(cells.cost, cols.cost, y, { width: 70, align: "right", lineBreak: false });
      pdf.text(cells.vat, cols.vat, y, { width: 60, align: "right", lineBreak: false });
      pdf.fontSize(10);
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
