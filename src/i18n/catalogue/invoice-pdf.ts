import { bilingual } from "./bilingual";

/** The issued Invoice's PDF (`src/domain/invoices/invoice-pdf.ts`): its heading, facts, columns, totals and how to pay. */
export const invoicePdf = bilingual({
  documentTitle: ["Invoice {number}", "Faktura {number}"],
  heading: ["Invoice", "Faktura"],
  facts: {
    number: ["Invoice number: {number}", "Fakturanummer: {number}"],
    ocr: ["OCR reference: {ocr}", "OCR-nummer: {ocr}"],
    issued: ["Invoice date: {date}", "Fakturadatum: {date}"],
    due: ["Due date: {date}", "Förfallodag: {date}"],
    payrun: ["Payrun: {id}", "Lönekörning: {id}"],
    prepayment: ["Prepayment: {id}", "Förskottsbetalning: {id}"],
    reference: ["Your reference: {reference}", "Er referens: {reference}"],
    integration: ["Integration: {name}", "Integration: {name}"],
  },
  billTo: ["Bill to", "Faktureras till"],
  columns: {
    payout: ["Payout", "Utbetalning"],
    prepayment: ["Prepayment", "Förskottsbetalning"],
    employee: ["Employee", "Anställd"],
    description: ["Description", "Beskrivning"],
    cost: ["Cost ({currency})", "Kostnad ({currency})"],
    amount: ["Amount ({currency})", "Belopp ({currency})"],
    vat: ["VAT", "Moms"],
  },
  totals: {
    subtotal: ["Subtotal (excl. VAT)", "Delsumma (exkl. moms)"],
    vat: ["VAT 25 %", "Moms 25 %"],
    vatNone: ["VAT (none: money on account)", "Moms (ingen: pengar på kontot)"],
    total: ["Total (incl. VAT)", "Summa (inkl. moms)"],
    prepaid: ["Paid from prepayments", "Betalt från förskottsbetalningar"],
    paid: ["Paid", "Betalt"],
    due: ["Amount due", "Att betala"],
  },
  payment: {
    heading: ["Payment instructions", "Betalningsinstruktioner"],
    paid: ["This invoice has been paid. Thank you.", "Fakturan är betald. Tack."],
    toBankgiro: [
      "Pay {amount} {currency} by {due} to Bankgiro {bankgiro}, quoting the OCR reference {ocr},",
      "Betala {amount} {currency} senast {due} till bankgiro {bankgiro} och ange OCR-nummer {ocr},",
    ],
    orInDashboard: ["or pay in the Payroute dashboard: {link}", "eller betala i Payroutes kontrollpanel: {link}"],
    withoutBankgiro: [
      "Pay {amount} {currency} by {due}, quoting the OCR reference {ocr}.",
      "Betala {amount} {currency} senast {due} och ange OCR-nummer {ocr}.",
    ],
    details: ["Payment details, and payment: {link}", "Betalningsuppgifter och betalning: {link}"],
    afterPrepayment: [
      "The amount becomes available to your Payruns once the payment has arrived.",
      "Beloppet blir tillgängligt för era lönekörningar när betalningen har kommit in.",
    ],
    afterPayrun: [
      "The Employees are notified of their Payouts once the payment has arrived.",
      "De anställda meddelas om sina utbetalningar när betalningen har kommit in.",
    ],
  },
});
