import { bilingual } from "./bilingual";

/** Developers → Logs, in demo: the account's demo clock and its Advance buttons. */
export const demoClock = bilingual({
  title: ["Demo clock", "Demoklocka"],
  lead: [
    "The demo environment's time. Advance it to let time rules run now: resend limits, Payruns closing after 30 days, invoices falling due, webhook retries.",
    "Demomiljöns tid. Flytta den framåt så körs tidsreglerna nu: gränser för nya utskick, utbetalningsomgångar som stängs efter 30 dagar, fakturor som förfaller, nya webhookförsök.",
  ],
  now: ["Demo time", "Demotid"],
  offset: ["Ahead of real time", "Före verklig tid"],
  ahead: ["+{span}", "+{span}"],
  inStep: ["None: the demo runs on real time", "Ingen: demon går på verklig tid"],
  advance: ["Advance", "Flytta fram"],
  hour: ["+1 hour", "+1 timme"],
  day: ["+1 day", "+1 dag"],
  month: ["+30 days", "+30 dagar"],
});
