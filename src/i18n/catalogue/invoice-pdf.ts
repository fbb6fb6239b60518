import { bilingual } from "./bilingual";

/**
 * The issued Invoice's PDF (`src/domain/invoices/invoice-pdf.ts`): its heading, seller and buyer, facts, columns,
 * totals and how to pay. The Swedish is what Swedish invoices and bookkeepers say (Fakturadatum, Förfallodatum,
 * OCR-nummer, Org.nr, Momsreg.nr, Att betala). Amounts come formatted in the language (`21 992,34 kr`).
 */
export const invoicePdf = bilingual({
  documentTitle: ["Invoice {number}", "Faktura {number}"],
  heading: ["Invoice", "Faktura"],
  footer: ["{seller} · Invoice {number} · Page {page} of {pages}", "{seller} · Faktura {number} · Sida {page} av {pages}"],
  placeholder: [
    "NOT A VALID INVOICE: development placeholder seller (SELLER_PLACEHOLDER)",
    "INTE EN GILTIG FAKTURA: säljaren är en platshållare för utveckling (SELLER_PLACEHOLDER)",
  ],
  party: {
    seller: ["From", "Från"],
    buyer: ["Bill to", "Kund"],
    orgNumber: ["Org. no. {number}", "Org.nr {number}"],
    vatNumber: ["VAT reg. no. {number}", "Momsreg.nr {number}"],
  },
  facts: {
    number: ["Invoice number: {number}", "Fakturanummer: {number}"],
    issued: ["Invoice date: {date}", "Fakturadatum: {date}"],
    due: ["Due date: {date}", "Förfallodatum: {date}"],
    terms: ["Payment terms: {days, plural, one {# day} other {# days}} net", "Betalningsvillkor: {days, plural, one {# dag} other {# dagar}} netto"],
    ocr: ["OCR reference: {ocr}", "OCR-nummer: {ocr}"],
    reference: ["Your reference: {reference}", "Er referens: {reference}"],
    payrun: ["Payrun: {id}", "Lönekörning: {id}"],
    prepayment: ["Prepayment: {id}", "Förskottsbetalning: {id}"],
    integration: ["Integration: {name}", "Integration: {name}"],
  },
  columns: {
    description: ["Description", "Beskrivning"],
    employee: ["Employee", "Anställd"],
    cost: ["Cost ({currency})", "Kostnad ({currency})"],
    amount: ["Amount ({currency})", "Belopp ({currency})"],
    vat: ["VAT ({currency})", "Moms ({currency})"],
  },
  /** Each line's id, on a line of its own below it (an id is never broken). */
  lineId: {
    payout: ["Payout {id}", "Utbetalning {id}"],
    prepayment: ["Prepayment {id}", "Förskottsbetalning {id}"],
  },
  totals: {
    subtotal: ["Total excl. VAT", "Summa exkl. moms"],
    vat: ["VAT {rate}", "Moms {rate}"],
    vatNone: ["VAT (none: money on account)", "Moms (ingen: förskott till konto)"],
    total: ["Total incl. VAT", "Summa inkl. moms"],
    prepaid: ["Settled from prepayments", "Avräknat från förskott"],
    paid: ["Paid", "Betalt"],
    due: ["Amount due", "Att betala"],
  },
  payment: {
    heading: ["Payment", "Betalning"],
    paid: ["This invoice has been paid. Thank you.", "Fakturan är betald. Tack."],
    toBankgiro: [
      "Pay {amount} by {due} to Bankgiro {bankgiro}, quoting the OCR reference {ocr},",
      "Betala {amount} senast {due} till bankgiro {bankgiro} och ange OCR-nummer {ocr},",
    ],
    orInDashboard: ["or pay in the Payroute dashboard:", "eller betala i Payroutes kontrollpanel:"],
    withoutBankgiro: ["Pay {amount} by {due}, quoting the OCR reference {ocr}.", "Betala {amount} senast {due} och ange OCR-nummer {ocr}."],
    details: ["Payment details, and payment:", "Betalningsuppgifter och betalning:"],
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
