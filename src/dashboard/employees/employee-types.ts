import { EMPLOYEE_STATUS_RULES, statusFilter } from "@/domain/status/status-rules";
import type { RouterInputs, RouterOutputs } from "../trpc";

export type Employee = RouterOutputs["employees"]["list"]["results"][number];
export type EmployeeStatus = Employee["latest_status"];
export type EmployeeListInput = RouterInputs["employees"]["list"];

export function employeePath(id: string): string {
  return `/employees/${encodeURIComponent(id)}`;
}

/**
 * The list's status filters, each expressed with the timestamp filters the API offers (src/domain/status); labelled as
 * the badges are (`employees.statuses`). "created" (never notified nor claimed) includes the not_invited ones, which
 * the timestamp filters cannot tell apart.
 */
export const STATUS_FILTERS = {
  created: { query: { notified_at_null: "true", claimed_at_null: "true", verified_at_null: "true" } },
  invited: { query: { ...statusFilter(EMPLOYEE_STATUS_RULES, "invited") } },
  onboarding: { query: { ...statusFilter(EMPLOYEE_STATUS_RULES, "onboarding") } },
  active: { query: { ...statusFilter(EMPLOYEE_STATUS_RULES, "active") } },
} satisfies Partial<Record<EmployeeStatus, { query: Partial<EmployeeListInput> }>>;

export type StatusFilter = keyof typeof STATUS_FILTERS;

export function isStatusFilter(value: string): value is StatusFilter {
  return Object.hasOwn(STATUS_FILTERS, value);
}

export interface EmployeeListFilters {
  search: string;
  status: StatusFilter | "";
  /** yyyy-mm-dd from a date input, or "". */
  createdFrom: string;
}

/** The list query for a page of Employees matching the filters; empty filters are left out. */
export function employeeListInput(page: number, pageSize: number, filters: EmployeeListFilters): EmployeeListInput {
  return { page, page_size: pageSize, ...employeeFilterInput(filters) };
}

/** The filters as the API takes them, without paging: the list's query, and the CSV export's. */
export function employeeFilterInput(filters: EmployeeListFilters): RouterInputs["employees"]["export"] {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.status ? STATUS_FILTERS[filters.status].query : {}),
    // The server's `_after` is strict; midnight UTC of the chosen day keeps Employees created that day.
    ...(filters.createdFrom ? { created_at_after: `${filters.createdFrom}T00:00:00Z` } : {}),
  };
}

/** The outbox worker sends an invitation within seconds; until then a new Employee's status is worth polling. */
const INVITATION_EXPECTED_WITHIN_MS = 60_000;
export const INVITATION_POLL_MS = 2_000;

export function awaitingInvitation(e: Employee, now = Date.now()): boolean {
  return e.latest_status === "created" && now - new Date(e.created_at).getTime() < INVITATION_EXPECTED_WITHIN_MS;
}

/** Whether the Employee's invitation still waits to be claimed: only then is "Resend invitation" offered. */
export function invitationOpen(e: Pick<Employee, "claimed_at">): boolean {
  return e.claimed_at === null;
}
