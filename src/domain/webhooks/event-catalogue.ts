/**
 * Every event the product emits: its name, what triggers it, and which object is its body. The webhooks
 * issue delivers them; the README and the OpenAPI document publish this table. Here, with what may be
 * subscribed to, so that recording an event (events/, which fans out to webhooks) is the only direction.
 */
export const EVENT_CATALOGUE = {
  "Employee.created": {
    scope: "integration",
    object: "Employee",
    trigger: "An Employee was created (POST /v2/employees/, the dashboard, or an inline Employee on a Payout).",
  },
  "Employee.notified": { scope: "integration", object: "Employee", trigger: "The Employee was sent the invitation with the magic link (notified_at is set)." },
  "Employee.claimed": { scope: "integration", object: "Employee", trigger: "The Employee opened the magic link in the employee app (claimed_at is set)." },
  "Employee.verified": { scope: "integration", object: "Employee", trigger: "The Employee's identity and working permits were verified (verified_at is set)." },
  "Payout.created": { scope: "integration", object: "Payout", trigger: "A Payout was created (it joins its Integration's open Payrun)." },
  "Payout.notified": {
    scope: "integration",
    object: "Payout",
    trigger: "The Employee was told about the Payout, after its Payrun was paid (notified_at is set).",
  },
  "Payout.accepted": { scope: "integration", object: "Payout", trigger: "The Employee accepted the Payout in the employee app (accepted_at is set)." },
  "Payrun.created": { scope: "integration", object: "Payrun", trigger: "A Payrun was opened for a currency by the first Payout that needed it." },
  "Payrun.paid": { scope: "integration", object: "Payrun", trigger: "The Payrun was paid (paid_at is set); its Payouts are then notified." },
  "Registration.verified": {
    scope: "user",
    object: "Registration",
    trigger: "A Registration was approved and its Integration created (needs_review becomes false).",
  },
} as const;

export type EventName = keyof typeof EVENT_CATALOGUE;

export function isEventName(name: string): name is EventName {
  return Object.hasOwn(EVENT_CATALOGUE, name);
}

export const EVENT_NAMES: EventName[] = Object.keys(EVENT_CATALOGUE).filter(isEventName);

/** User-scoped events belong to the account; the others to one Integration. */
export function isUserScoped(name: EventName): boolean {
  return EVENT_CATALOGUE[name].scope === "user";
}
