import { bilingual } from "./bilingual";

/** The dashboard home: what needs the reader, per Integration (client staff) or across accounts (the review team). */
export const home = bilingual({
  title: ["Home", "Översikt"],
  lead: ["What needs you in <b>{integration}</b>, in this environment.", "Det som behöver dig i <b>{integration}</b>, i den här miljön."],
  amountDue: {
    title: ["Amount due", "Att betala"],
    none: ["Nothing to pay", "Inget att betala"],
    nextDue: ["Next due {date}", "Nästa förfallodag {date}"],
    link: ["Unpaid Invoices", "Obetalda fakturor"],
  },
  openPayrun: {
    title: ["Open Payrun", "Öppen lönekörning"],
    none: ["No open Payrun", "Ingen öppen lönekörning"],
    payouts: ["{count, plural, one {# Payout} other {# Payouts}}", "{count, plural, one {# utbetalning} other {# utbetalningar}}"],
    link: ["Open the Payrun", "Öppna lönekörningen"],
  },
  invoices: {
    title: ["Invoices", "Fakturor"],
    due: ["Due", "Att betala"],
    overdue: ["Overdue", "Förfallna"],
  },
  employees: {
    title: ["Employees", "Anställda"],
    invited: ["Invited", "Inbjudna"],
    onboarding: ["Claimed, not verified", "Har anslutit, ej verifierade"],
    active: ["Verified", "Verifierade"],
  },
  webhooks: {
    title: ["Webhooks", "Webhooks"],
    failing: [
      "{count, plural, =0 {None failing} one {# failing subscription} other {# failing subscriptions}}",
      "{count, plural, =0 {Inga fel} one {# prenumeration med fel} other {# prenumerationer med fel}}",
    ],
    link: ["Webhook subscriptions", "Webhook-prenumerationer"],
  },
  chart: {
    title: ["Payouts per week", "Utbetalningar per vecka"],
    summary: [
      "Payouts created in each of the last 12 weeks: {total, plural, one {# in all} other {# in all}}, {latest} this week.",
      "Utbetalningar skapade under var och en av de senaste 12 veckorna: {total} totalt, {latest} den här veckan.",
    ],
    week: ["Week of", "Vecka från"],
    count: ["Payouts", "Utbetalningar"],
    link: ["All Payouts", "Alla utbetalningar"],
  },
  queues: {
    title: ["Queues", "Köer"],
    lead: ["What waits for the review team, in every account and environment.", "Det som väntar på granskningsteamet, i alla konton och miljöer."],
    employees: ["Employees to verify", "Anställda att verifiera"],
    registrations: ["Registrations to review", "Registreringar att granska"],
    payruns: ["Payruns to mark paid", "Lönekörningar att markera som betalda"],
    prepayments: ["Prepayments to mark paid", "Förskott att markera som betalda"],
    oldest: ["Oldest: {age}", "Äldsta: {age}"],
    empty: ["Nothing waiting", "Inget väntar"],
  },
  loadFailed: ["The figures could not be loaded: {message}", "Siffrorna kunde inte hämtas: {message}"],
});
