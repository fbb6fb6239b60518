import { PAYOUT_STATUSES } from "@/domain/status/status-rules";
import type { RouterInputs, RouterOutputs } from "../trpc";

export type Payout = RouterOutputs["payouts"]["list"]["results"][number];
export type PayoutStatus = Payout["latest_status"];
export type PayoutListInput = RouterInputs["payouts"]["list"];
export type PayoutTotalsInput = RouterInputs["payouts"]["totals"];
export type Pricing = Extract<RouterOutputs["pricing"]["calculate"], { fee: string }>;

/** The list's status filter (`latest_status`, by the rules of src/domain/status); labelled as the badges are (`payouts.statuses`). */
export type PayoutStatusFilter = PayoutStatus;

export const PAYOUT_STATUS_VALUES: readonly PayoutStatus[] = PAYOUT_STATUSES;

/** A Payout's own page. */
export function payoutPath(id: string): string {
  return `/payouts/${encodeURIComponent(id)}`;
}

export interface PayoutListFilters {
  search: string;
  status: PayoutStatusFilter | "";
  /** An Employee id, or "" for all. */
  employee: string;
  /** A Payrun id, or "" for all. */
  payrun: string;
}

export const NO_PAYOUT_FILTERS: PayoutListFilters = { search: "", status: "", employee: "", payrun: "" };

/** The list query for a page of Payouts matching the filters, with each Employee and Payrun expanded for their names. */
export function payoutListInput(page: number, pageSize: number, filters: PayoutListFilters): PayoutListInput {
  return { page, page_size: pageSize, expand: ["employee", "payrun"], ...payoutTotalsInput(filters) };
}

/** The filters as the API takes them (empty ones left out): the totals' query, and the list's without its paging. */
export function payoutTotalsInput(filters: PayoutListFilters): PayoutTotalsInput {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.status ? { latest_status: filters.status } : {}),
    ...(filters.employee ? { employee: filters.employee } : {}),
    ...(filters.payrun ? { payrun: filters.payrun } : {}),
  };
}

/** The Payout's Employee as a name and id; without expand the API gives the id alone. */
/** The Payrun's id (an expanded Payrun, `expand=payrun`, carries it too). */
export function payrunId(p: Pick<Payout, "payrun">): string {
  return typeof p.payrun === "string" ? p.payrun : p.payrun.id;
}

export function payoutEmployee(p: Pick<Payout, "employee">): { id: string; name: string } {
  return typeof p.employee === "string" ? { id: p.employee, name: p.employee } : { id: p.employee.id, name: p.employee.name };
}

/** Deleting is refused once the Payrun is paid, which every notified Payout's is; the server has the last word. */
export function mayDelete(p: Pick<Payout, "notified_at">): boolean {
  return p.notified_at === null;
}

/** Resending tells the Employee again about a Payout they were told about and have not accepted. */
export function mayResend(p: Pick<Payout, "latest_status">): boolean {
  return p.latest_status === "onboarding_incomplete" || p.latest_status === "notification_sent" || p.latest_status === "available";
}

/** The form's starting currency: the pricing tables cover Employees in Sweden, paid in SEK. */
export const DEFAULT_CURRENCY = "SEK";
