/**
 * Every event the product emits: its name, what triggers it, and which object is its body. The webhooks
 * issue delivers them; the README and the OpenAPI document publish this table.
 */
export const EVENT_CATALOGUE = {
  "Employee.created": { scope: "integration", object: "Employee", trigger: "An Employee was created (POST /v2/employees/, the dashboard, or an inline Employee on a Payout)." },
  "Employee.notified": { scope: "integration", object: "Employee", trigger: "The Employee was sent the invitation with the magic link (notified_at is set)." },
  "Employee.claimed": { scope: "integration", object: "Employee", trigger: "The Employee opened the magic link in the employee app (claimed_at is set)." },
  "Employee.verified": { scope: "integration", object: "Employee", trigger: "The Employee's identity and working permits were verified (verified_at is set)." },
  "Registration.verified": { scope: "user", object: "Registration", trigger: "A Registration was approved and its Integration created (needs_review becomes false)." },
} as const;

export type EventName = keyof typeof EVENT_CATALOGUE;
export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[];
