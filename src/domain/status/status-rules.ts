/**
 * Statuses derived from timestamps, stated once. A status list is ordered, each status after the first started
 * by a timestamp: a row's status is the last one whose timestamp is set. The services compute `latest_status`
 * with `statusOf`; the dashboard filters by status with `statusQuery`, the same condition written with the
 * `{field}_null` list filters the API offers. Pure and dependency-free: the dashboard imports it.
 */
export interface StatusRules<S extends string, F extends string> {
  statuses: readonly [S, ...S[]];
  /** The timestamp (API field name) that starts each status; null for the first. */
  stamps: Readonly<Record<S, F | null>>;
}

export const EMPLOYEE_STATUSES = ["created", "invited", "onboarding", "active"] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];
export const EMPLOYEE_STATUS_RULES: StatusRules<EmployeeStatus, "notified_at" | "claimed_at" | "verified_at"> = {
  statuses: EMPLOYEE_STATUSES,
  stamps: { created: null, invited: "notified_at", onboarding: "claimed_at", active: "verified_at" },
};

export const PAYOUT_STATUSES = ["created", "notification_sent", "complete"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const PAYOUT_STATUS_RULES: StatusRules<PayoutStatus, "notified_at" | "accepted_at"> = {
  statuses: PAYOUT_STATUSES,
  stamps: { created: null, notification_sent: "notified_at", complete: "accepted_at" },
};

/** The last status whose timestamp is set (the first status when none is). */
export function statusOf<S extends string, F extends string>(rules: StatusRules<S, F>, row: Readonly<Record<F, Date | string | null>>): S {
  let status = rules.statuses[0];
  for (const s of rules.statuses) {
    const field = rules.stamps[s];
    if (field !== null && row[field] !== null) status = s;
  }
  return status;
}

/** The list filters (`{field}_null`) that select the rows in `status`: its own timestamp set, the next status's not. */
export function statusQuery<S extends string, F extends string>(rules: StatusRules<S, F>, status: S): Partial<Record<`${F}_null`, "true" | "false">> {
  const query: Partial<Record<`${F}_null`, "true" | "false">> = {};
  const own = rules.stamps[status];
  if (own !== null) query[`${own}_null` as const] = "false";
  const next = rules.statuses[rules.statuses.indexOf(status) + 1];
  const following = next === undefined ? null : rules.stamps[next];
  if (following !== null) query[`${following}_null` as const] = "true";
  return query;
}
