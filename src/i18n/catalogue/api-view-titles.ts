import { bilingual } from "./bilingual";

/**
 * Each `/v2/` HTML view's title, by its procedure's path (`employees.list`). The English is the procedure's OpenAPI
 * summary, which the API reference shows too: `tests/unit/view-titles.test.ts` holds the two equal and wants a title
 * for every procedure with a REST path.
 */
export const apiViewTitles = bilingual({
  root: ["The API root: the URL of each resource", "API-rot: adressen till varje resurs"],
  employees: {
    list: ["List Employees", "Anställda"],
    get: ["Retrieve an Employee", "Anställd"],
    create: ["Create an Employee (and send the invitation)", "Skapa en anställd (och skicka inbjudan)"],
    update: ["Update an Employee (omitted fields keep their value)", "Ändra en anställd (utelämnade fält behåller sitt värde)"],
    replace: ["Replace an Employee", "Ersätt en anställd"],
    delete: ["Delete an Employee (refused once a Payout exists)", "Ta bort en anställd (nekas när en utbetalning finns)"],
    resend: ["Send the invitation again (at most once per 24 hours)", "Skicka inbjudan igen (högst en gång per dygn)"],
    resendLegacy: ["Send the invitation again (PUT, for older clients)", "Skicka inbjudan igen (PUT, för äldre klienter)"],
  },
  events: {
    list: ["List events, newest first", "Händelser, nyaste först"],
    get: ["Retrieve an event", "Händelse"],
  },
  integrations: {
    list: ["List Integrations", "Integrationer"],
    get: ["Retrieve an Integration", "Integration"],
    create: ["Create an Integration (type 3)", "Skapa en integration (typ 3)"],
    update: ["Update an Integration (omitted fields keep their value)", "Ändra en integration (utelämnade fält behåller sitt värde)"],
    replace: ["Replace an Integration (create's required fields)", "Ersätt en integration (samma obligatoriska fält som när den skapas)"],
    delete: ["Delete an Integration (type 3 without associated objects)", "Ta bort en integration (typ 3 utan kopplade objekt)"],
  },
  invoices: {
    list: ["List Invoices", "Fakturor"],
    get: ["Retrieve an Invoice", "Faktura"],
    pdf: ["The issued Invoice as a PDF", "Den utfärdade fakturan som PDF"],
    issue: ["Issue a pro-forma Invoice (a Payrun's: closes the Payrun)", "Utfärda en proformafaktura (en lönekörnings: stänger lönekörningen)"],
    pay: ["Mark an Invoice paid (demo environment only)", "Markera en faktura som betald (endast demomiljön)"],
    update: ["Update an Invoice's metadata (any state)", "Ändra en fakturas metadata (i alla lägen)"],
  },
  paymentTerm: {
    get: ["The Integration's payment term (one object)", "Integrationens betalningsvillkor (ett objekt)"],
  },
  testHelpers: {
    clock: ["The account's demo clock", "Kontots demoklocka"],
    advanceClock: ["Move the account's demo clock forward", "Flytta kontots demoklocka framåt"],
    claimEmployee: [
      "As if the Employee claimed the invitation (Employee.claimed; then onboarding)",
      "Som om den anställda tog emot inbjudan (Employee.claimed; sedan onboarding)",
    ],
    verifyEmployee: [
      "As if the review team verified the claimed Employee (Employee.verified; then active)",
      "Som om granskarna verifierade den anställda (Employee.verified; sedan active)",
    ],
    acceptPayout: [
      "As if the Employee accepted the Payout (Payout.accepted; then complete); 409 names the missing step",
      "Som om den anställda godkände utbetalningen (Payout.accepted; sedan complete); 409 anger steget som saknas",
    ],
    payInvoice: [
      "Mark an Invoice paid, standing in for the bank transfer (a Payrun's: its Payouts are notified)",
      "Markera en faktura som betald i stället för banköverföringen (en lönekörnings: dess utbetalningar aviseras)",
    ],
    payPayrun: [
      "Mark a Payrun paid, standing in for the bank transfer (its Payouts are notified)",
      "Markera en lönekörning som betald i stället för banköverföringen (dess utbetalningar aviseras)",
    ],
  },
  messages: {
    list: ["List Messages", "Meddelanden"],
    get: ["Retrieve a Message", "Meddelande"],
    create: ["Send a Message to Employees", "Skicka ett meddelande till anställda"],
    update: [
      "Update a Message (omitted fields keep their value); the Employees it names see the new text",
      "Ändra ett meddelande (utelämnade fält behåller sitt värde); de anställda det nämner ser den nya texten",
    ],
    replace: ["Replace a Message (employees and content required)", "Ersätt ett meddelande (anställda och innehåll krävs)"],
    delete: ["Delete a Message (its Employees no longer see it)", "Ta bort ett meddelande (dess anställda ser det inte längre)"],
  },
  payouts: {
    list: ["List Payouts", "Utbetalningar"],
    get: ["Retrieve a Payout", "Utbetalning"],
    create: ["Create a Payout, or (JSON array) many at once, all or nothing", "Skapa en utbetalning, eller (JSON-lista) många på en gång, alla eller ingen"],
    validate: [
      "Check a Payout, or (JSON array) many, as POST /payouts/ would, without creating anything",
      "Kontrollera en utbetalning, eller (JSON-lista) många, som POST /payouts/ skulle, utan att skapa något",
    ],
    delete: [
      "Delete a Payout while its Payrun is open; cancel it (canceled_at, stays readable) once invoiced; 409 once paid or cancelled",
      "Ta bort en utbetalning medan dess lönekörning är öppen; avbryt den (canceled_at, går att läsa) när den är fakturerad; 409 när betald eller avbruten",
    ],
    resend: ["Notify the Employee again (at most once per 24 hours)", "Meddela den anställda igen (högst en gång per dygn)"],
    resendLegacy: ["Notify the Employee again (PUT, for older clients)", "Meddela den anställda igen (PUT, för äldre klienter)"],
  },
  pricing: {
    get: ["Pricing breakdown of a Payout", "Prisuppdelning av en utbetalning"],
    list: ["Pricing breakdowns of the Integration's Payouts", "Prisuppdelningar av integrationens utbetalningar"],
    calculate: [
      "Price a Payout body (or a JSON array of them) without creating anything",
      "Prissätt en utbetalning (eller en JSON-lista av dem) utan att skapa något",
    ],
  },
  payruns: {
    list: ["List Payruns", "Lönekörningar"],
    get: [
      "Retrieve a Payrun (payrun_id open: the open automatic Payrun of the Integration's currency)",
      "Lönekörning (payrun_id open: den öppna automatiska lönekörningen i integrationens valuta)",
    ],
    create: [
      "Create an explicit Payrun (needs the Integration's payrun_management; 403 without)",
      "Skapa en egen lönekörning (kräver integrationens payrun_management; annars 403)",
    ],
    update: [
      "Update an open Payrun's id, name, description, invoice_marking or metadata (refused once closed)",
      "Ändra en öppen lönekörnings id, namn, beskrivning, invoice_marking eller metadata (nekas när den är stängd)",
    ],
    delete: ["Delete an unpaid Payrun without Payouts", "Ta bort en obetald lönekörning utan utbetalningar"],
    close: [
      "Close (finalise) a Payrun and issue its Invoice: new Payouts open the next one",
      "Stäng en lönekörning och utfärda dess faktura: nya utbetalningar öppnar nästa",
    ],
    pay: ["Mark a Payrun paid (demo environment only)", "Markera en lönekörning som betald (endast demomiljön)"],
  },
  prepayments: {
    list: ["List Prepayments", "Förskottsbetalningar"],
    get: ["Retrieve a Prepayment", "Förskottsbetalning"],
    create: ["Create a Prepayment (a DRAFT, with its pro-forma Invoice)", "Skapa en förskottsbetalning (ett utkast, med dess proformafaktura)"],
    update: ["Update a DRAFT Prepayment", "Ändra en förskottsbetalning som är ett utkast"],
    delete: ["Delete a DRAFT Prepayment", "Ta bort en förskottsbetalning som är ett utkast"],
  },
  registrations: {
    list: ["List Registrations", "Registreringar"],
    get: ["Retrieve a Registration", "Registrering"],
    create: ["Create a Registration (it awaits review)", "Skapa en registrering (den väntar på granskning)"],
    update: [
      "Update a Registration awaiting review (omitted fields keep their value)",
      "Ändra en registrering som väntar på granskning (utelämnade fält behåller sitt värde)",
    ],
    replace: ["Replace a Registration awaiting review", "Ersätt en registrering som väntar på granskning"],
    delete: ["Delete a Registration awaiting review", "Ta bort en registrering som väntar på granskning"],
    approve: [
      "Approve a Registration and create its Integration (demo environment only)",
      "Godkänn en registrering och skapa dess integration (endast demomiljön)",
    ],
  },
  webhooks: {
    list: ["List webhook subscriptions (with Integration-ID: that Integration's and the account's)", "Webhook-prenumerationer"],
    get: ["Retrieve a webhook subscription", "Webhook-prenumeration"],
    create: ["Subscribe a URL to events", "Prenumerera en URL på händelser"],
    update: ["Update a webhook subscription", "Ändra en webhook-prenumeration"],
    replace: ["Replace a webhook subscription (a new secret_key when omitted)", "Ersätt en webhook-prenumeration (en ny secret_key när den utelämnas)"],
    delete: ["Delete a webhook subscription", "Ta bort en webhook-prenumeration"],
    rollSecret: [
      "Roll a webhook subscription's secret (the previous one signs too until it expires)",
      "Byt en webhook-prenumerations hemlighet (den förra signerar också tills den upphör)",
    ],
  },
  webhookDeliveries: {
    list: ["List a webhook subscription's deliveries, newest first", "En webhook-prenumerations leveranser, nyaste först"],
    get: ["Retrieve a webhook delivery with its attempts", "Webhook-leverans med dess försök"],
    redeliver: [
      "Redeliver: a new delivery of the same event, signed with the current secret",
      "Leverera igen: en ny leverans av samma händelse, signerad med den nuvarande hemligheten",
    ],
    redeliverFailed: ["Redeliver the failed deliveries since a moment", "Leverera igen de misslyckade leveranserna sedan en tidpunkt"],
  },
});
