import type { RouterInputs, RouterOutputs } from "../trpc";

export type Payrun = RouterOutputs["payruns"]["get"];
export type PayrunStatus = Payrun["latest_status"];
export type PayrunListInput = RouterInputs["payruns"]["list"];
export type UnpaidPayrun = RouterOutputs["payruns"]["unpaid"][number];

/** Each status as the list's filters express it: `open`, and whether `paid_at` is set. */
export const PAYRUN_STATUS_FILTERS = {
  open: { open: "true" },
  invoiced: { open: "false", paid_at_null: "true" },
  paid: { paid_at_null: "false" },
} satisfies Record<PayrunStatus, Partial<PayrunListInput>>;

/** Every status, in a Payrun's order; their names are in the catalogue (`payruns.status`). */
export const PAYRUN_STATUSES: readonly PayrunStatus[] = ["open", "invoiced", "paid"];

export function payrunListInput(page: number, pageSize: number, status: PayrunStatus | ""): PayrunListInput {
  return { page, page_size: pageSize, ...(status ? PAYRUN_STATUS_FILTERS[status] : {}) };
}

export function payrunPath(id: string): string {
  return `/payruns/${encodeURIComponent(id)}`;
}

/** Only an unpaid Payrun without Payouts may be deleted (the server refuses the rest with a 409). */
export function mayDeletePayrun(p: Pick<Payrun, "payout_count" | "paid_at">): boolean {
  return p.payout_count === 0 && p.paid_at === null;
}
