/**
 * Who may call what: every procedure of the router names its access level here, and the base procedure
 * (`publicProcedure` in init.ts) refuses every other caller before the procedure or its input is looked at.
 * A procedure missing from the table is refused to everyone, and tests/http/permissions.test.ts fails on it.
 *
 * An API key is not a person: keys reach exactly the procedures that the public REST API exposes (those with
 * `openapi` meta), the same on /v2/ and on /api/trpc; keys, the team and account settings are for signed-in
 * admins only.
 */
import { DomainError } from "@/domain/errors";
import { EMPLOYEE_SESSION_COOKIE } from "@/domain/employees/employee-app-service";
import { t } from "@/i18n/locale";
import type { Context } from "./context";

/** The kinds of caller a request can be. A browser may be two at once: a dashboard session and an Employee's. */
export const CALLERS = ["anonymous", "employee", "demo_key", "live_key", "member", "admin", "operator"] as const;
export type Caller = (typeof CALLERS)[number];

/** The access levels, each the set of callers it admits. */
export const ACCESS = {
  /** Anyone but an API key: sign-in, invitation and claim flows, the shell's "who am I". */
  anyone: ["anonymous", "employee", "member", "admin", "operator"],
  /** A signed-in person of the dashboard. */
  person: ["member", "admin", "operator"],
  /** An Employee signed in with their link (the procedure checks the session itself). */
  employee: ["employee"],
  /** The public API: the account's keys and its staff. */
  account: ["demo_key", "live_key", "member", "admin"],
  /** The public API's webhook subscriptions: keys and the account's admins (secrets and targets). */
  accountAdmin: ["demo_key", "live_key", "admin"],
  /** Dashboard-only views and actions of the account's staff. */
  staff: ["member", "admin"],
  /** Keys, the team and the dashboard's webhook tools: the account's signed-in admins only. */
  admin: ["admin"],
  /** The service's own review team. */
  operator: ["operator"],
} as const satisfies Record<string, readonly Caller[]>;
export type Access = keyof typeof ACCESS;
const LEVELS: Record<Access, readonly Caller[]> = ACCESS;

/** Every procedure's access level, by its path in the router. */
export const PROCEDURE_ACCESS: Readonly<Record<string, Access>> = {
  root: "account",
  "session.me": "anyone",
  "session.setLocale": "person",
  "session.sessions": "person",
  "session.expiry": "person",
  "session.revokeSession": "person",
  "session.revokeOtherSessions": "person",

  "integrations.list": "account",
  "integrations.get": "account",
  "integrations.counts": "staff",
  "integrations.create": "account",
  "integrations.update": "account",
  "integrations.replace": "account",
  "integrations.delete": "account",

  "employees.list": "account",
  "employees.export": "staff",
  "employees.resendMany": "staff",
  "employees.resendInvitation": "staff",
  "employees.get": "account",
  "employees.create": "account",
  "employees.update": "account",
  "employees.replace": "account",
  "employees.delete": "account",
  "employees.resend": "account",
  "employees.resendLegacy": "account",

  "messages.list": "account",
  "messages.get": "account",
  "messages.create": "account",
  "messages.update": "account",
  "messages.replace": "account",
  "messages.delete": "account",

  "payouts.list": "account",
  "payouts.totals": "staff",
  "payouts.export": "staff",
  "payouts.get": "account",
  "payouts.create": "account",
  "payouts.validate": "account",
  "payouts.delete": "account",
  "payouts.resend": "account",
  "payouts.resendLegacy": "account",
  "payoutImport.template": "staff",
  "payoutImport.preview": "staff",
  "payoutImport.create": "staff",

  "pricing.list": "account",
  "pricing.get": "account",
  "pricing.calculate": "account",

  "payruns.list": "account",
  "payruns.create": "account",
  "payruns.get": "account",
  "payruns.update": "account",
  "payruns.delete": "account",
  "payruns.close": "account",
  "payruns.pay": "account",
  "payruns.unpaid": "operator",
  "payruns.markPaid": "operator",

  "invoices.list": "account",
  "invoices.get": "account",
  "invoices.update": "account",
  "invoices.issue": "account",
  "invoices.pdf": "account",
  "invoices.pay": "account",
  "invoices.unpaidPrepayments": "operator",
  "invoices.markPaid": "operator",

  "paymentTerm.get": "account",

  "testHelpers.claimEmployee": "account",
  "testHelpers.verifyEmployee": "account",
  "testHelpers.acceptPayout": "account",
  "testHelpers.payInvoice": "account",
  "testHelpers.payPayrun": "account",
  "testHelpers.clock": "account",
  "testHelpers.advanceClock": "account",

  "prepayments.list": "account",
  "prepayments.create": "account",
  "prepayments.get": "account",
  "prepayments.update": "account",
  "prepayments.delete": "account",
  "prepayments.uses": "staff",

  "events.list": "account",
  "events.get": "account",
  "events.deliveries": "admin",
  "events.redeliver": "admin",

  "webhooks.list": "accountAdmin",
  "webhooks.get": "accountAdmin",
  "webhooks.create": "accountAdmin",
  "webhooks.update": "accountAdmin",
  "webhooks.replace": "accountAdmin",
  "webhooks.delete": "accountAdmin",
  "webhooks.rollSecret": "accountAdmin",
  "webhooks.events": "staff",
  "webhooks.rotateSecret": "admin",
  "webhooks.revealSecret": "admin",
  "webhooks.deliveries": "admin",
  "webhooks.redeliver": "admin",
  "webhooks.sendTest": "admin",
  "webhooks.health": "admin",
  "webhookDeliveries.list": "accountAdmin",
  "webhookDeliveries.get": "accountAdmin",
  "webhookDeliveries.redeliver": "accountAdmin",
  "webhookDeliveries.redeliverFailed": "accountAdmin",
  "webhookDeliveries.countFailed": "admin",

  "employeeApp.claim": "anyone",
  "employeeApp.home": "employee",
  "employeeApp.payouts": "employee",
  "employeeApp.acceptPayout": "employee",
  "employeeApp.requestLink": "anyone",
  "employeeApp.signOut": "anyone",
  "employeeApp.link": "anyone",
  "employeeApp.details": "employee",
  "employeeApp.resubmitDetails": "employee",
  "employeeApp.changeBankAccount": "employee",

  "employeeVerification.pending": "operator",
  "employeeVerification.detail": "operator",
  "employeeVerification.verify": "operator",
  "employeeVerification.reject": "operator",
  "employeeVerification.reveal": "operator",

  "registrations.list": "account",
  "registrations.get": "account",
  "registrations.create": "account",
  "registrations.update": "account",
  "registrations.replace": "account",
  "registrations.delete": "account",
  "registrations.approve": "account",
  "registrations.review.queue": "operator",
  "registrations.review.detail": "operator",
  "registrations.review.approve": "operator",
  "registrations.review.reject": "operator",
  "registrations.review.decisions": "operator",

  "apiKeys.list": "admin",
  "apiKeys.create": "admin",
  "apiKeys.revoke": "admin",

  "team.list": "staff",
  "team.invite": "admin",
  "team.revokeInvitation": "admin",
  "team.remove": "admin",
  "team.requireTwoFactor": "admin",
  "team.changeRole": "admin",
  "team.resetTwoFactor": "admin",
  "team.preview": "anyone",
  "team.accept": "anyone",

  "requestLogs.list": "admin",
  "requestLogs.find": "admin",
  "requestLogs.get": "admin",
  "accounts.settings": "staff",
  "accounts.updateSettings": "admin",

  "audit.list": "admin",
  "audit.export": "admin",
  "audit.operatorList": "operator",
  "audit.operatorExport": "operator",
  "home.summary": "staff",
  "home.queues": "operator",
  "search.global": "staff",
  "search.locate": "staff",
};

/** What the request's credentials make it: its principal's kind (or anonymous), and an Employee when it carries their session. */
export function callersOf(ctx: Pick<Context, "principal" | "cookies">): Caller[] {
  const p = ctx.principal;
  let kind: Caller;
  if (!p) kind = "anonymous";
  else if (p.via === "api_key") kind = p.environment === "live" ? "live_key" : "demo_key";
  else if (p.role === "operator") kind = "operator";
  else kind = p.teamRole === "member" ? "member" : "admin";
  return ctx.cookies.get(EMPLOYEE_SESSION_COOKIE) ? [kind, "employee"] : [kind];
}

/** The refusal of a caller by the access table (a 401 or 403), told apart from the procedures' own refusals. */
export class AccessRefused extends DomainError {}

/** What a person who must turn on two-factor sign-in first may still call: "who am I", the language, their own security (and an Employee's app, which is no staff session's). */
const BEFORE_TWO_FACTOR: readonly Access[] = ["anyone", "person", "employee"];

/**
 * Throws unless one of the request's callers may call the procedure at `path`. A person of whom two-factor
 * sign-in is required (their account's setting, or REQUIRE_OPERATOR_2FA) and who has not turned it on is
 * refused everything else with 403 until they have.
 */
export function assertPermitted(path: string, ctx: Pick<Context, "principal" | "cookies">): void {
  const access: Access | undefined = PROCEDURE_ACCESS[path];
  const callers = callersOf(ctx);
  if (access && callers.some((c) => LEVELS[access].includes(c))) {
    const twoFactor = ctx.principal?.twoFactor;
    if (twoFactor?.required && !twoFactor.enabled && !BEFORE_TWO_FACTOR.includes(access)) {
      throw new AccessRefused("forbidden", t("two_factor_required"));
    }
    return;
  }
  throw refusal(access, callers[0]);
}

function refusal(access: Access | undefined, caller: Caller): AccessRefused {
  // What the Employee app lacks is an Employee's session, whoever else the browser is signed in as.
  if (access === "employee") return new AccessRefused("unauthenticated", t("employee_session_required"));
  if (caller === "anonymous") return new AccessRefused("unauthenticated", t("not_authenticated"));
  if (caller === "demo_key" || caller === "live_key") return new AccessRefused("forbidden", t("api_key_not_allowed"));
  if (caller === "member" && (access === "admin" || access === "accountAdmin")) return new AccessRefused("forbidden", t("admin_only"));
  // Operators on client resources and clients on the review team's: as if there were nothing there.
  return new AccessRefused("forbidden", t("not_found"));
}
