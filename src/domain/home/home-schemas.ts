import { z } from "zod";

/** A sum of money in one currency: decimal string with two places, as the API writes money. */
const ZMoney = z.object({ currency: z.string(), amount: z.string() });

export const ZHomeSummary = z.object({
  /** Issued, unpaid Invoices: what is owed per currency (`amount_due` summed) and the earliest due date. */
  amountDue: z.object({ totals: z.array(ZMoney), nextDueDate: z.string().nullable() }),
  /** The open automatic Payrun of the Integration's currency, as GET /v2/payruns/open/ gives it; null when none is open. */
  openPayrun: z.object({ id: z.string(), name: z.string().nullable(), currency: z.string(), price: z.string(), payoutCount: z.number().int() }).nullable(),
  /** Payouts created in each of the last 12 weeks (Monday 00:00 UTC to the next), oldest first; the last is this week. */
  payoutsPerWeek: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  /** Employees in each of the statuses a person acts on (EMPLOYEE_STATUS_RULES). */
  employees: z.object({ invited: z.number().int(), onboarding: z.number().int(), active: z.number().int() }),
  /** Issued, unpaid Invoices whose due date is today or later (due) or before today, UTC (overdue). */
  invoices: z.object({ due: z.number().int(), overdue: z.number().int() }),
  /** Webhook subscriptions visible in the Integration (its own and the account's) that fail or were disabled for failing. */
  failingWebhooks: z.number().int(),
});
export type THomeSummary = z.infer<typeof ZHomeSummary>;

const ZQueue = z.object({ count: z.number().int(), oldest: z.string().nullable() });

/** The review team's queues (every account and environment): how many wait and since when the oldest. */
export const ZOperatorQueues = z.object({
  employees: ZQueue,
  registrations: ZQueue,
  payruns: ZQueue,
  prepayments: ZQueue,
});
export type TOperatorQueues = z.infer<typeof ZOperatorQueues>;
