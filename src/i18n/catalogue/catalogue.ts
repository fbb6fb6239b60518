/**
 * The one catalogue of the dashboard, the employee app and the emails: namespaces, each in English and
 * Swedish (`bilingual`, each text a pair), kept one file per feature in this folder. A new feature adds its file and its
 * name twice below. The API's error messages and the `/v2/` HTML views read `src/i18n/messages.ts` via `t()`.
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
import { account } from "./account";
import { employeeApp } from "./employee-app";
import { employeeReview } from "./employee-review";
import { registrations } from "./registrations";
import { review } from "./review";
import { settings } from "./settings";
import { titles } from "./titles";

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
  titles,
};

/** Every namespace's keys, as use-intl checks them (`useTranslations("shell")`, `t("nav.payouts")`). */
export type Messages = { [N in keyof typeof namespaces]: (typeof namespaces)[N]["en"] };

export function messagesFor(locale: Locale): Messages {
  return {
    common: namespaces.common[locale],
    shell: namespaces.shell[locale],
    payouts: namespaces.payouts[locale],
    employees: namespaces.employees[locale],
    messages: namespaces.messages[locale],
    prepayments: namespaces.prepayments[locale],
    account: namespaces.account[locale],
    settings: namespaces.settings[locale],
    employeeReview: namespaces.employeeReview[locale],
    employeeApp: namespaces.employeeApp[locale],
    review: namespaces.review[locale],
    integrations: namespaces.integrations[locale],
    webhooks: namespaces.webhooks[locale],
    registrations: namespaces.registrations[locale],
    payruns: namespaces.payruns[locale],
    invoices: namespaces.invoices[locale],
    titles: namespaces.titles[locale],
  };
}
