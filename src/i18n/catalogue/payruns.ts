import { bilingual } from "./bilingual";

/** Payruns: the list, the detail page and its close and delete dialogs (explicit Payruns' forms are in `prepayments.payruns`). */
export const payruns = bilingual({
  title: ["Payruns", "Lönekörningar"],
  lead: [
    "The batches <b>{integration}</b> pays, newest first: one open Payrun per currency collects new Payouts until it is closed (which issues its <invoices>Invoice</invoices>) or paid.",
    "Omgångarna som <b>{integration}</b> betalar, nyast först: en öppen lönekörning per valuta samlar nya utbetalningar tills den stängs (då utfärdas dess <invoices>faktura</invoices>) eller betalas.",
  ],
  status: {
    open: ["Open", "Öppen"],
    invoiced: ["Invoiced", "Fakturerad"],
    paid: ["Paid", "Betald"],
  },
  emptyFiltered: ["No Payruns with this status.", "Inga lönekörningar med den här statusen."],
  empty: ["No Payruns yet: the first Payout opens one.", "Inga lönekörningar än: den första utbetalningen öppnar en."],
  columns: {
    payrun: ["Payrun", "Lönekörning"],
    status: ["Status", "Status"],
    currency: ["Currency", "Valuta"],
    price: ["Price", "Pris"],
    payouts: ["Payouts", "Utbetalningar"],
    created: ["Created", "Skapad"],
    paid: ["Paid", "Betald"],
  },
  nameOfDate: ["{currency} Payrun of {date}", "Lönekörning i {currency} från {date}"],
  /** A Payrun whose label another of the Integration shares, told apart by its number among them. */
  labelNumbered: ["{label} #{number}", "{label} nr {number}"],
  detail: {
    back: ["Payruns", "Lönekörningar"],
    notFound: ['No Payrun "{id}" in this Integration.', "Ingen lönekörning ”{id}” i den här integrationen."],
    close: ["Close", "Stäng"],
    delete: ["Delete", "Ta bort"],
    closed: ["The Payrun is closed.", "Lönekörningen är stängd."],
    details: ["Details", "Uppgifter"],
    price: ["Price", "Pris"],
    priceNote: ["(the Payouts' cost, VAT excluded)", "(utbetalningarnas kostnad, exklusive moms)"],
    payouts: ["Payouts", "Utbetalningar"],
    created: ["Created", "Skapad"],
    closedAt: ["Closed", "Stängd"],
    paid: ["Paid", "Betald"],
    invoice: ["Invoice", "Faktura"],
    ocr: ["OCR {ocr}", "OCR {ocr}"],
    pdf: ["PDF", "PDF"],
    invoiceLater: ["Issued when the Payrun is closed", "Utfärdas när lönekörningen stängs"],
    metadata: ["Metadata", "Metadata"],
    api: ["API", "API"],
    apiLink: ["View in the API browser", "Visa i API-webbläsaren"],
    statusTitle: ["Status", "Status"],
    next: {
      open: [
        "New {currency} Payouts join this Payrun. Close it to finalise it; the next Payout then opens a new one.",
        "Nya utbetalningar i {currency} läggs till i den här lönekörningen. Stäng den för att slutföra den; nästa utbetalning öppnar då en ny.",
      ],
      invoiced: [
        "Finalised and invoiced, awaiting payment. Once it is paid, its Employees are notified and can accept their Payouts.",
        "Slutförd och fakturerad, väntar på betalning. När den är betald meddelas de anställda och kan godkänna sina utbetalningar.",
      ],
      paid: [
        "Paid. Its Employees were notified and accept their Payouts in the employee app.",
        "Betald. De anställda har meddelats och godkänner sina utbetalningar i appen för anställda.",
      ],
    },
    payoutsEmpty: ["This Payrun has no Payouts.", "Den här lönekörningen har inga utbetalningar."],
  },
  closeDialog: {
    title: ["Close Payrun", "Stäng lönekörning"],
    confirm: ["Close Payrun", "Stäng lönekörning"],
    pending: ["Closing…", "Stänger…"],
    text: [
      "Close this Payrun of {count, plural, one {# Payout} other {# Payouts}} for <b>{amount}</b>? No more Payouts join it; the next {currency} Payout opens a new Payrun. It cannot be reopened.",
      "Stänga den här lönekörningen med {count, plural, one {# utbetalning} other {# utbetalningar}} på <b>{amount}</b>? Inga fler utbetalningar läggs till; nästa utbetalning i {currency} öppnar en ny lönekörning. Den kan inte öppnas igen.",
    ],
  },
  deleteDialog: {
    title: ["Delete Payrun", "Ta bort lönekörning"],
    confirm: ["Delete", "Ta bort"],
    pending: ["Deleting…", "Tar bort…"],
    text: ["Delete <b>{name}</b> (<code>{id}</code>)? This cannot be undone.", "Ta bort <b>{name}</b> (<code>{id}</code>)? Det går inte att ångra."],
  },
  operator: {
    otherwise: ["Payrun payments are recorded by the Payroute review team.", "Betalningar av lönekörningar registreras av Payroutes granskningsteam."],
    title: ["Payrun payments", "Betalningar av lönekörningar"],
    lead: [
      "Unpaid Payruns that hold Payouts, oldest first, with their Invoices' OCR references. When an Invoice's payment has arrived, mark it paid: the Invoice records the amount, and the Payrun's Employees are notified.",
      "Obetalda lönekörningar med utbetalningar, äldst först, med fakturornas OCR-nummer. När en fakturas betalning har kommit in, markera den som betald: fakturan registrerar beloppet och lönekörningens anställda meddelas.",
    ],
    empty: ["No unpaid Payruns.", "Inga obetalda lönekörningar."],
    columns: {
      payrun: ["Payrun", "Lönekörning"],
      integration: ["Integration and account", "Integration och konto"],
      status: ["Status", "Status"],
      ocr: ["OCR reference", "OCR-nummer"],
      total: ["Invoice total", "Fakturans summa"],
      payouts: ["Payouts", "Utbetalningar"],
      created: ["Created", "Skapad"],
    },
    notInvoiced: ["Not invoiced yet", "Inte fakturerad än"],
    markPaid: ["Mark paid", "Markera som betald"],
    subject: ["Payrun {id}", "lönekörning {id}"],
    paid: [
      "Payrun {id} is paid; {count, plural, one {its Payout's Employee is} other {its # Payouts' Employees are}} being notified.",
      "Lönekörning {id} är betald; {count, plural, one {den anställda för dess utbetalning} other {de anställda för dess # utbetalningar}} meddelas.",
    ],
    dialogTitle: ["Mark Payrun paid", "Markera lönekörningen som betald"],
    pending: ["Marking paid…", "Markerar som betald…"],
    dialogText: [
      "Record that <b>{account}</b> ({integration}, {environment}) paid <b>{amount}</b> for Payrun <code>{id}</code>? {count, plural, one {The Employee of its Payout is} other {The Employees of its # Payouts are}} then notified. This cannot be undone.",
      "Registrera att <b>{account}</b> ({integration}, {environment}) har betalat <b>{amount}</b> för lönekörning <code>{id}</code>? {count, plural, one {Den anställda för dess utbetalning} other {De anställda för dess # utbetalningar}} meddelas då. Det går inte att ångra.",
    ],
  },
});
