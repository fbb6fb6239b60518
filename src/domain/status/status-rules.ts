/**
 * Every `latest_status` of the API, stated once: each object's statuses as an ordered list of rules, the first
 * whose condition holds being the status (the README's API reference says the same in words). The conditions
 * read only facts Payroute keeps (timestamps, the Payrun's state, the Employee's); the representations build
 * those facts from their rows and call `statusOf`. `filter` is, where one exists, the list query that selects
 * exactly the rows in that status with the filters the API offers (`{field}_null`, `open`); the dashboard's
 * status filters use it. Pure and dependency-free: the dashboard imports it.
 */
/** A rule: the status, and the facts that must hold (a conjunction; `[]` always holds). */
export interface StatusRule<S extends string, F extends string> {
  status: S;
  when: readonly (readonly [F, boolean])[];
  /** The list filters selecting exactly this status, when the API's timestamp and `open` filters can express it. */
  filter?: Readonly<Record<string, string>>;
}

/** The first rule whose facts all hold; the last rule (`when: []`) holds always. */
export function statusOf<S extends string, F extends string>(rules: readonly StatusRule<S, F>[], facts: Readonly<Record<F, boolean>>): S {
  const rule = rules.find((r) => r.when.every(([fact, value]) => facts[fact] === value));
  return (rule ?? rules[rules.length - 1]).status;
}

/**
 * The rows in `status` as a condition of facts, for a query builder: its own facts hold and no earlier rule's
 * do. `fact(name, value)` is the builder's condition for one fact; `and` and `not` combine.
 */
export function statusCondition<S extends string, F extends string, W>(
  rules: readonly StatusRule<S, F>[],
  status: S,
  build: { fact: (name: F, value: boolean) => W; and: (ws: W[]) => W; not: (w: W) => W },
): W {
  const conjunction = (rule: StatusRule<S, F>) => build.and(rule.when.map(([fact, value]) => build.fact(fact, value)));
  const index = rules.findIndex((r) => r.status === status);
  const earlier = rules.slice(0, index);
  return build.and([conjunction(rules[index]), ...earlier.map((r) => build.not(conjunction(r)))]);
}

/** The statuses in their life's order (the rules are written latest first). */
function lifeOrder<S extends string, F extends string>(rules: readonly StatusRule<S, F>[]): readonly [S, ...S[]] {
  const [first, ...rest] = [...rules].reverse().map((r) => r.status);
  return [first, ...rest];
}

export type EmployeeFact = "verified" | "claimed" | "notified" | "has_email";

export const EMPLOYEE_STATUS_RULES = [
  /** verified_at set (in demo at the claim, in live by the review team): its Payouts can be accepted. */
  { status: "active", when: [["verified", true]], filter: { verified_at_null: "false" } },
  /** claimed_at set (signed in to the employee app with the invitation), not yet verified. */
  { status: "onboarding", when: [["claimed", true]], filter: { claimed_at_null: "false", verified_at_null: "true" } },
  /** notified_at set (the invitation was sent), not yet claimed. */
  { status: "invited", when: [["notified", true]], filter: { notified_at_null: "false", claimed_at_null: "true", verified_at_null: "true" } },
  /** No email address to invite: stays here until one is given and the invitation resent. */
  { status: "not_invited", when: [["has_email", false]] },
  /** Created with an email address; the invitation is on its way. */
  { status: "created", when: [] },
] as const satisfies readonly StatusRule<string, EmployeeFact>[];

export type EmployeeStatus = (typeof EMPLOYEE_STATUS_RULES)[number]["status"];
export const EMPLOYEE_STATUSES = lifeOrder<EmployeeStatus, EmployeeFact>(EMPLOYEE_STATUS_RULES);

/** `funded`: its Payrun is paid, or the Payout was notified at once (covered by prepaid money). */
export type PayoutFact = "accepted" | "notified" | "employee_verified" | "employee_claimed" | "funded" | "payrun_open";

export const PAYOUT_STATUS_RULES = [
  /** accepted_at set: the Employee accepted it. */
  { status: "complete", when: [["accepted", true]], filter: { accepted_at_null: "false" } },
  /** Notified, and its Employee verified: the Employee can accept it now. */
  {
    status: "available",
    when: [
      ["notified", true],
      ["employee_verified", true],
    ],
  },
  /** Notified; its Employee has claimed the invitation but is not verified yet, so cannot accept it yet. */
  {
    status: "notification_sent",
    when: [
      ["notified", true],
      ["employee_claimed", true],
    ],
  },
  /** Funded (its Payrun paid, or prepaid), but its Employee has not claimed the invitation (or the notification is on its way). */
  { status: "onboarding_incomplete", when: [["funded", true]] },
  /** Its Payrun is closed (its Invoice issued) and not paid yet. */
  { status: "not_funded", when: [["payrun_open", false]] },
  /** In an open Payrun. */
  { status: "created", when: [] },
] as const satisfies readonly StatusRule<string, PayoutFact>[];

export type PayoutStatus = (typeof PAYOUT_STATUS_RULES)[number]["status"];
export const PAYOUT_STATUSES = lifeOrder<PayoutStatus, PayoutFact>(PAYOUT_STATUS_RULES);

export type PayrunFact = "paid" | "open";

export const PAYRUN_STATUS_RULES = [
  /** paid_at set: its Payouts are notified. */
  { status: "paid", when: [["paid", true]], filter: { paid_at_null: "false" } },
  /** Closed (open false): its Invoice issued, not yet paid. */
  { status: "invoiced", when: [["open", false]], filter: { open: "false", paid_at_null: "true" } },
  /** Open: new Payouts join it. */
  { status: "open", when: [], filter: { open: "true" } },
] as const satisfies readonly StatusRule<string, PayrunFact>[];

export type PayrunStatus = (typeof PAYRUN_STATUS_RULES)[number]["status"];
export const PAYRUN_STATUSES = lifeOrder<PayrunStatus, PayrunFact>(PAYRUN_STATUS_RULES);

/** The list filters selecting exactly `status`; undefined when the API's filters cannot express it. */
export function statusFilter<S extends string, F extends string>(rules: readonly StatusRule<S, F>[], status: S): Readonly<Record<string, string>> | undefined {
  return rules.find((r) => r.status === status)?.filter;
}
