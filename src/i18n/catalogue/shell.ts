import { bilingual } from "./bilingual";

/** The dashboard's frame: navigation, top bar, session controls, the language switch. */
export const shell = bilingual({
  nav: {
    main: ["Main", "Huvudmeny"],
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
    security: ["Security", "Säkerhet"],
    reviewEmployees: ["Employee verification", "Verifiering av anställda"],
    reviewRegistrations: ["Registration review", "Granskning av registreringar"],
    reviewPayruns: ["Payrun payments", "Betalningar av lönekörningar"],
    reviewPrepayments: ["Prepayment payments", "Betalningar av förskott"],
    developers: ["Developers", "Utvecklare"],
    apiReference: ["API reference", "API-referens"],
    browseApi: ["Browse API", "Bläddra i API:t"],
  },
  operations: ["Payroute operations", "Payroute drift"],
  signOut: ["Sign out", "Logga ut"],
  menu: ["Menu", "Meny"],
  skipToContent: ["Skip to content", "Hoppa till innehållet"],
  demoBanner: ["Demo environment: nothing here touches live data or moves real money.", "Demomiljö: inget här rör livedata eller flyttar riktiga pengar."],
  sessionFailed: ["Could not load your session: {message}", "Kunde inte hämta din session: {message}"],
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
});
