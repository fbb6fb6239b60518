/**
 * The one catalogue of every text Payroute writes: namespaces, each in English and Swedish (`bilingual`, each text
 * a pair), kept one file per feature in this folder. The pages' namespaces (dashboard, employee app) go to the
 * browser with every page (`messagesFor`); the server's (API errors, emails, the `/v2/` HTML views, the invoice PDF)
 * stay on the server (`serverMessagesFor`), formatted by `src/i18n/server-texts.ts`. A new feature adds its file
 * and its name below, among the pages' namespaces or the server's.
 */
import { common } from "./common";
import { invoices } from "./invoices";
import type { Locale } from "./locales";
import { employees } from "./employees";
import { integrations } from "./integrations";
import { messages } from "./messages";
import { payouts } from "./payouts";
import { payruns } from "./payruns";
import { prepayments } from "./prepayments";
import { shell } from "./shell";
import { webhooks } from "./webhooks";
import { requestLog } from "./request-log";
import { auditLog } from "./audit-log";
import { events } from "./events";
import { demoClock } from "./demo-clock";
import { account } from "./account";
import { employeeApp } from "./employee-app";
import { employeeReview } from "./employee-review";
import { registrations } from "./registrations";
import { review } from "./review";
import { settings } from "./settings";
import { titles } from "./titles";
import { apiErrors } from "./api-errors";
import { apiViewTitles } from "./api-view-titles";
import { apiViews } from "./api-views";
import { emails } from "./emails";
import { invoicePdf } from "./invoice-pdf";
import { payoutImport } from "./payout-import";
import { home } from "./home";
import { notFound } from "./not-found";
import { testHelpers } from "./test-helpers";

const namespaces = {
  common,
  shell,
  payouts,
  employees,
  messages,
  prepayments,
  account,
  settings,
  employeeReview,
  employeeApp,
  review,
  integrations,
  webhooks,
  registrations,
  payruns,
  invoices,
  requestLog,
  auditLog,
  events,
  demoClock,
  testHelpers,
  titles,
  home,
  notFound,
};

/** Every page namespace's keys, as use-intl checks them (`useTranslations("shell")`, `t("nav.payouts")`). */
export type Messages = InLocale<typeof namespaces>;

export function messagesFor(locale: Locale): Messages {
  return inLocale(namespaces, locale);
}

/** The texts only the server writes: never sent to a browser, and not among the pages' keys (`useTranslations`). */
const serverNamespaces = { apiErrors, emails, apiViews, apiViewTitles, invoicePdf, payoutImport };

export type ServerMessages = InLocale<typeof serverNamespaces>;

export function serverMessagesFor(locale: Locale): ServerMessages {
  return inLocale(serverNamespaces, locale);
}

type Namespaces = Record<string, Record<Locale, object>>;
type InLocale<T extends Namespaces> = { [N in keyof T]: T[N]["en"] };

/** Each namespace in `locale`. (An overload, as in bilingual.ts: TypeScript cannot follow a key-by-key rebuild.) */
function inLocale<T extends Namespaces>(namespaces: T, locale: Locale): InLocale<T>;
function inLocale(namespaces: Namespaces, locale: Locale): { [name: string]: object } {
  return Object.fromEntries(Object.entries(namespaces).map(([name, texts]) => [name, texts[locale]]));
}
