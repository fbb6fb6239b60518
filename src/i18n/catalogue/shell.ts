import { bilingual } from "./bilingual";

/** The dashboard's frame: navigation, top bar, session controls, the language switch. */
export const shell = bilingual({
  nav: {
    main: ["Main", "Huvudmeny"],
    home: ["Home", "Översikt"],
    integrations: ["Integrations", "Integrationer"],
    employees: ["Employees", "Anställda"],
    messages: ["Messages", "Meddelanden"],
    payouts: ["Payouts", "Utbetalningar"],
    payruns: ["Payruns", "Lönekörningar"],
    invoices: ["Invoices", "Fakturor"],
    prepayments: ["Prepayments", "Förskottsbetalningar"],
    registrations: ["Registrations", "Registreringar"],
    webhooks: ["Webhooks", "Webhooks"],
    team: ["Team", "Team"],
    apiKeys: ["API keys", "API-nycklar"],
    accountSettings: ["Account settings", "Kontoinställningar"],
    security: ["Security", "Säkerhet"],
    auditLog: ["Audit log", "Granskningslogg"],
    reviewAuditLog: ["Audit log", "Granskningslogg"],
    reviewEmployees: ["Employee verification", "Verifiering av anställda"],
    reviewRegistrations: ["Registration review", "Granskning av registreringar"],
    reviewPayruns: ["Payrun payments", "Betalningar av lönekörningar"],
    reviewPrepayments: ["Prepayment payments", "Betalningar av förskott"],
    developers: ["Developers", "Utvecklare"],
    logs: ["Logs", "Loggar"],
    events: ["Events", "Händelser"],
    apiReference: ["API reference", "API-referens"],
    browseApi: ["Browse API", "Bläddra i API:t"],
  },
  palette: {
    open: ["Search", "Sök"],
    label: ["Search Employees, Payouts, Payruns, Invoices and Registrations", "Sök anställda, utbetalningar, lönekörningar, fakturor och registreringar"],
    placeholder: ["Name, email, description, invoice number…", "Namn, e-post, beskrivning, fakturanummer…"],
    hint: ["Type to search this environment. Enter opens, Esc closes.", "Skriv för att söka i den här miljön. Enter öppnar, Esc stänger."],
    searching: ["Searching…", "Söker…"],
    none: ["Nothing matches “{q}”.", "Inget matchar ”{q}”."],
    kinds: {
      employees: ["Employees", "Anställda"],
      payouts: ["Payouts", "Utbetalningar"],
      payruns: ["Payruns", "Lönekörningar"],
      invoices: ["Invoices", "Fakturor"],
      registrations: ["Registrations", "Registreringar"],
    },
  },
  operations: ["Payroute operations", "Payroute drift"],
  signOut: ["Sign out", "Logga ut"],
  menu: ["Menu", "Meny"],
  skipToContent: ["Skip to content", "Hoppa till innehållet"],
  demoBanner: ["Demo environment: nothing here touches live data or moves real money.", "Demomiljö: inget här rör livedata eller flyttar riktiga pengar."],
  sessionFailed: ["Could not load your session: {message}", "Kunde inte hämta din session: {message}"],
  /** The notice before the session ends (ui/session-warning.tsx). */
  sessionWarning: {
    label: ["Session ending", "Sessionen tar slut"],
    endsIn: [
      "Your session ends at {time}, in {minutes, plural, one {# minute} other {# minutes}}. Stay signed in to go on without signing in again.",
      "Din session avslutas {time}, om {minutes, plural, one {# minut} other {# minuter}}. Förbli inloggad för att fortsätta utan att logga in igen.",
    ],
    endsSoon: [
      "Your session ends at {time}, in less than a minute. Stay signed in to go on without signing in again.",
      "Din session avslutas {time}, om mindre än en minut. Förbli inloggad för att fortsätta utan att logga in igen.",
    ],
    stay: ["Stay signed in", "Förbli inloggad"],
    staying: ["Staying signed in…", "Förlänger…"],
    failed: ["Could not extend the session: {message}", "Kunde inte förlänga sessionen: {message}"],
  },
  language: ["Language", "Språk"],
  environment: {
    legend: ["Environment", "Miljö"],
    live: ["Live", "Skarp"],
    demo: ["Demo", "Demo"],
  },
  integration: ["Integration", "Integration"],
  scoped: {
    clientOnly: [
      "{what} belong to client accounts; sign in as a person of an account to manage them.",
      "{what} hör till kundkonton; logga in som en person på ett konto för att hantera dem.",
    ],
    loadFailed: ["Could not load your Integrations: {message}", "Kunde inte hämta dina integrationer: {message}"],
    none: ["This environment has no Integrations yet.", "Den här miljön har inga integrationer än."],
  },
  /** A detail page whose object is in another environment or Integration of the account (search.locate). */
  elsewhere: {
    inIntegration: [
      "{kind, select, employee {This Employee} payout {This Payout} payrun {This Payrun} invoice {This Invoice} prepayment {This prepayment} registration {This Registration} webhook {This webhook subscription} other {This Integration}} is in {environment}, in Integration “{integration}”.",
      "{kind, select, employee {Den här anställda} payout {Den här utbetalningen} payrun {Den här lönekörningen} invoice {Den här fakturan} prepayment {Den här förskottsbetalningen} registration {Den här registreringen} webhook {Den här webhook-prenumerationen} other {Den här integrationen}} finns i miljön {environment}, i integrationen ”{integration}”.",
    ],
    inEnvironment: [
      "{kind, select, employee {This Employee} payout {This Payout} payrun {This Payrun} invoice {This Invoice} prepayment {This prepayment} registration {This Registration} webhook {This webhook subscription} other {This Integration}} is in {environment}.",
      "{kind, select, employee {Den här anställda} payout {Den här utbetalningen} payrun {Den här lönekörningen} invoice {Den här fakturan} prepayment {Den här förskottsbetalningen} registration {Den här registreringen} webhook {Den här webhook-prenumerationen} other {Den här integrationen}} finns i miljön {environment}.",
    ],
    switchToIntegration: ["Switch to {environment} · {integration}", "Byt till {environment} · {integration}"],
    switchToEnvironment: ["Switch to {environment}", "Byt till {environment}"],
  },
});
