/**
 * The Invoice as a PDF, drawn with pdfkit: its built-in Helvetica for Windows-1252 text, and installed fonts
 * for names and addresses in other scripts and emoji (pdf-fonts.ts). Text stays text, so `pdftotext` and
 * screen readers read every figure and name. Written in the account's language (`doc.locale`), amounts too.
 *
 * Ids (Payout, Payrun and Prepayment ids, often UUIDs) and links are never broken: pdfkit wraps at hyphens,
 * so each is drawn on a line of its own without wrapping, in a smaller size where it would not fit.
 */
import { serverTexts } from "@/i18n/server-texts";
import type { InvoiceDocument } from "./invoice-document";
import { documentFormat } from "@/i18n/document-format";
import { installedFonts, textRuns, type InstalledFonts } from "./pdf-fonts";

// pdfkit parses its font metrics when loaded (about 29 MiB resident): loaded on the first PDF, not at start.
const loadPdfkit = () => import("pdfkit").then((m) => m.default);
let pdfkit: ReturnType<typeof loadPdfkit> | undefined;

const MARGIN = 50;
/** Helvetica's ascender (its AFM: 718 per 1000 of the font size), where pdfkit puts the first baseline. */
const HELVETICA_ASCENDER = 0.718;
/** The smallest size an id or link shrinks to before it is cut into pieces (an id of 255 characters). */
const MIN_UNBROKEN_SIZE = 5;
const GREY = "#555555";
const RULE = "#999999";

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** `fonts`: the installed ones; a test passes fewer to see the fallback. */
export async function renderInvoicePdf(doc: InvoiceDocument, fonts: InstalledFonts = installedFonts()): Promise<Buffer> {
  const PDFDocument = await (pdfkit ??= loadPdfkit());
  const tr = serverTexts(doc.locale);
  const f = documentFormat(doc.locale);
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: "A4",
      margin: MARGIN,
      // Kept until the end, so that each page's footer can say how many pages there are.
      bufferPages: true,
      lang: doc.locale === "sv" ? "sv-SE" : "en-GB",
      info: { Title: tr("invoicePdf.documentTitle", { number: doc.invoiceNumber }), Author: doc.seller.name },
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
    const plain = (bold = false) => pdf.font(bold ? "Helvetica-Bold" : "Helvetica");
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
      plain(bold);
    };
    /** The height of `text` as `write` draws it: measured in each of its fonts, the tallest wins. */
    const heightOf = (text: string, options: PDFKit.Mixins.TextOptions, bold: boolean) => {
      const used = new Set(textRuns(text, bold, fonts).map((r) => r.font));
      const height = Math.max(...[...used].map((font) => pdf.font(font).heightOfString(text, options)));
      plain(bold);
      return height;
    };
    /** The width of `text` on one line as `write` draws it, at the current size. */
    const widthOf = (text: string, bold: boolean) => {
      const width = textRuns(text, bold, fonts).reduce((sum, run) => sum + pdf.font(run.font).widthOfString(run.text), 0);
      plain(bold);
      return width;
    };
    /**
     * `text` (an id, a link) on lines of its own that never break inside it: one line at `points` if it fits,
     * else shrunk to fit `width`, and only below MIN_UNBROKEN_SIZE cut into pieces of equal width.
     */
    const unbroken = (text: string, x: number, width: number, points: number, color = "black") => {
      const restore = size;
      fontSize(points);
      const natural = widthOf(text, false);
      fontSize(Math.max(MIN_UNBROKEN_SIZE, Math.min(points, (points * width) / natural)));
      const perLine = Math.max(1, Math.floor((text.length * width) / widthOf(text, false)));
      pdf.fillColor(color);
      for (let at = 0; at < text.length; at += perLine) {
        const y = pdf.y;
        write(text.slice(at, at + perLine), { lineBreak: false }, { x, y });
        pdf.y = y + pdf.currentLineHeight(true);
      }
      pdf.fillColor("black");
      pdf.x = x;
      fontSize(restore);
    };
    /** A block of lines (a party, the facts) at `x`, each wrapped within `width`; returns where it ends. */
    const block = (lines: { text: string; bold?: boolean; id?: boolean }[], x: number, top: number, width: number) => {
      pdf.x = x;
      pdf.y = top;
      for (const line of lines) {
        if (line.id) unbroken(line.text, x, width, size);
        else write(line.text, { width }, { x, y: pdf.y }, line.bold);
      }
      return pdf.y;
    };

    const width = pdf.page.width - 2 * MARGIN;
    const right = MARGIN + width / 2 + 10;
    const half = width / 2 - 10;

    // Heading, and the seller beside it: name, address, organisation and VAT numbers.
    fontSize(20);
    plain(true).text(tr("invoicePdf.heading"), MARGIN, MARGIN, { width: half });
    const headingEnd = pdf.y;
    fontSize(9);
    const sellerEnd = block(
      [
        { text: doc.seller.name, bold: true },
        ...doc.seller.address.map((text) => ({ text })),
        { text: tr("invoicePdf.party.orgNumber", { number: doc.seller.orgNumber }) },
        { text: tr("invoicePdf.party.vatNumber", { number: doc.seller.vatNumber }) },
      ],
      right,
      MARGIN,
      half,
    );
    pdf.y = Math.max(headingEnd, sellerEnd);
    if (doc.seller.placeholder) {
      pdf.moveDown(0.5);
      pdf.fillColor("#b00020");
      plain(true).text(tr("invoicePdf.placeholder"), MARGIN, pdf.y, { width });
      pdf.fillColor("black");
    }
    pdf.moveDown(1.5);

    // The facts on the left; the buyer on the right.
    fontSize(10);
    const top = pdf.y;
    const terms = daysBetween(doc.issuedDate, doc.dueDate);
    const factsEnd = block(
      [
        { text: tr("invoicePdf.facts.number", { number: doc.invoiceNumber }), bold: true },
        { text: tr("invoicePdf.facts.issued", { date: f.day(doc.issuedDate) }) },
        { text: tr("invoicePdf.facts.due", { date: f.day(doc.dueDate) }) },
        ...(terms >= 0 ? [{ text: tr("invoicePdf.facts.terms", { days: terms }) }] : []),
        { text: tr("invoicePdf.facts.ocr", { ocr: doc.ocr }), bold: true },
        ...(doc.customerReference ? [{ text: tr("invoicePdf.facts.reference", { reference: doc.customerReference }) }] : []),
        ...(doc.payrun ? [{ text: tr("invoicePdf.facts.payrun", { id: doc.payrun }), id: true }] : []),
        ...(doc.prepayment ? [{ text: tr("invoicePdf.facts.prepayment", { id: doc.prepayment }), id: true }] : []),
        { text: tr("invoicePdf.facts.integration", { name: doc.integrationName }) },
      ],
      MARGIN,
      top,
      half,
    );
    const { buyer } = doc;
    const buyerEnd = block(
      [
        { text: tr("invoicePdf.party.buyer"), bold: true },
        { text: buyer.name },
        ...buyer.address.map((text) => ({ text })),
        ...(buyer.orgNumber ? [{ text: tr("invoicePdf.party.orgNumber", { number: buyer.orgNumber }) }] : []),
        ...(buyer.vatNumber ? [{ text: tr("invoicePdf.party.vatNumber", { number: buyer.vatNumber }) }] : []),
        ...(buyer.email ? [{ text: buyer.email, id: true }] : []),
      ],
      right,
      top,
      half,
    );
    pdf.x = MARGIN;
    pdf.y = Math.max(factsEnd, buyerEnd);
    pdf.moveDown(1.5);

    // The lines: description and Employee (wrapped within their columns), cost and VAT; each line's id below it.
    const cols = { description: MARGIN, employee: MARGIN + 235, cost: MARGIN + width - 150, vat: MARGIN + width - 70 };
    const widths = { description: 225, employee: cols.cost - cols.employee - 10, cost: 80, vat: 70 };
    const rule = () => {
      pdf
        .moveTo(MARGIN, pdf.y)
        .lineTo(MARGIN + width, pdf.y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      pdf.y += 4;
    };
    let head: (() => void) | null = null;
    const row = (cells: { description: string; employee: string; cost: string; vat: string }, id: string | null, bold = false) => {
      fontSize(9);
      plain(bold);
      const wrapped = [
        { text: cells.description, x: cols.description, width: widths.description },
        { text: cells.employee, x: cols.employee, width: widths.employee },
      ];
      const height = Math.max(...wrapped.map((c) => heightOf(c.text, { width: c.width }, bold)));
      if (pdf.y + height + (id ? 9 : 0) > pdf.page.height - MARGIN) {
        // A new page repeats the columns' heading.
        pdf.addPage();
        head?.();
        fontSize(9);
        plain(bold);
      }
      const y = pdf.y;
      for (const c of wrapped) write(c.text, { width: c.width }, { x: c.x, y }, bold);
      pdf.text(cells.cost, cols.cost, y, { width: widths.cost, align: "right", lineBreak: false });
      pdf.text(cells.vat, cols.vat, y, { width: widths.vat, align: "right", lineBreak: false });
      pdf.y = y + Math.max(height, pdf.currentLineHeight(true));
      if (id) unbroken(id, cols.description, cols.cost - cols.description - 10, 7, GREY);
      fontSize(10);
      pdf.x = MARGIN;
      pdf.y += 4;
    };
    const currency = { currency: doc.currency };
    const headings = {
      description: tr("invoicePdf.columns.description"),
      employee: doc.prepayment ? "" : tr("invoicePdf.columns.employee"),
      cost: tr(doc.prepayment ? "invoicePdf.columns.amount" : "invoicePdf.columns.cost", currency),
      vat: tr("invoicePdf.columns.vat", currency),
    };
    head = () => {
      row(headings, null, true);
      rule();
    };
    head();
    for (const line of doc.lines) {
      const id = tr(doc.prepayment ? "invoicePdf.lineId.prepayment" : "invoicePdf.lineId.payout", { id: line.payout });
      row({ description: line.description, employee: line.employee, cost: f.money(line.cost), vat: f.money(line.vat) }, id);
    }
    rule();
    pdf.moveDown();

    // The totals, right-aligned, each amount with its currency.
    if (pdf.y + 140 > pdf.page.height - MARGIN) pdf.addPage();
    const total = (label: string, value: string, bold = false) => {
      const y = pdf.y;
      plain(bold);
      pdf.text(label, MARGIN + width - 320, y, { width: 190, lineBreak: false });
      pdf.text(f.money(value, doc.currency), MARGIN + width - 130, y, { width: 130, align: "right", lineBreak: false });
      pdf.x = MARGIN;
      pdf.y = y + 16;
    };
    total(tr("invoicePdf.totals.subtotal"), doc.subtotal);
    total(doc.prepayment ? tr("invoicePdf.totals.vatNone") : tr("invoicePdf.totals.vat", { rate: f.percent(doc.vatRate) }), doc.vat);
    total(tr("invoicePdf.totals.total"), doc.total, true);
    if (doc.prepaid !== "0.00") total(tr("invoicePdf.totals.prepaid"), doc.prepaid);
    total(tr("invoicePdf.totals.paid"), doc.amountPaid);
    total(tr("invoicePdf.totals.due"), doc.amountDue, true);
    pdf.moveDown();

    // How to pay: the amount with its currency, the due date and the OCR reference; the link on a line of its own.
    if (pdf.y + 90 > pdf.page.height - MARGIN) pdf.addPage();
    plain(true).text(tr("invoicePdf.payment.heading"), MARGIN, pdf.y, { width });
    plain();
    if (doc.paid) pdf.text(tr("invoicePdf.payment.paid"), { width });
    else {
      const payment = { amount: f.money(doc.amountDue, doc.currency), due: f.day(doc.dueDate), ocr: doc.ocr };
      if (doc.bankgiro) {
        pdf.text(tr("invoicePdf.payment.toBankgiro", { ...payment, bankgiro: doc.bankgiro }), { width });
        pdf.text(tr("invoicePdf.payment.orInDashboard"), { width });
      } else {
        // No account configured (BANKGIRO unset): never print a made-up one; the dashboard shows how to pay.
        pdf.text(tr("invoicePdf.payment.withoutBankgiro", payment), { width });
        pdf.text(tr("invoicePdf.payment.details"), { width });
      }
      unbroken(doc.payUrl, MARGIN, width, 10);
      pdf.text(tr(doc.prepayment ? "invoicePdf.payment.afterPrepayment" : "invoicePdf.payment.afterPayrun"), MARGIN, pdf.y, { width });
    }

    // Each page's footer, in the bottom margin: the seller, the Invoice's number and the page.
    const pages = pdf.bufferedPageRange();
    for (let i = 0; i < pages.count; i++) {
      pdf.switchToPage(pages.start + i);
      const bottom = pdf.page.margins.bottom;
      pdf.page.margins.bottom = 0; // text in the margin would otherwise start a new page
      fontSize(7);
      pdf.fillColor(GREY);
      const footer = tr("invoicePdf.footer", { seller: doc.seller.name, number: doc.invoiceNumber, page: i + 1, pages: pages.count });
      write(footer, { width, align: "center", lineBreak: false }, { x: MARGIN, y: pdf.page.height - bottom + 15 });
      pdf.fillColor("black");
      pdf.page.margins.bottom = bottom;
    }
    pdf.end();
  });
}
