import { EMPLOYEE_STATUS_RULES, statusQuery } from "@/domain/status/status-rules";
import type { RouterInputs, RouterOutputs } from "../trpc";

export type Employee = RouterOutputs["employees"]["list"]["results"][number];
export type EmployeeStatus = Employee["latest_status"];
export type EmployeeListInput = RouterInputs["employees"]["list"];

export const STATUS_LABELS: Record<EmployeeStatus, string> = {
  created: "Created",
  invited: "Invited",
  onboarding: "Onboarding",
  active: "Active",
};

export function employeePath(id: string): string {
  return `/employees/${encodeURIComponent(id)}`;
}

/** The list's status filters, each expressed with the timestamp filters the API offers (src/domain/status); named as the badges name them. */
export const STATUS_FILTERS = {
  created: { label: STATUS_LABELS.created, query: statusQuery(EMPLOYEE_STATUS_RULES, "created") },
  invited: { label: STATUS_LABELS.invited, query: statusQuery(EMPLOYEE_STATUS_RULES, "invited") },
  onboarding: { label: STATUS_LABELS.onboarding, query: statusQuery(EMPLOYEE_STATUS_RULES, "onboarding") },
  active: { label: STATUS_LABELS.active, query: statusQuery(EMPLOYEE_STATUS_RULES, "active") },
} satisfies Record<EmployeeStatus, { label: string; query: Partial<EmployeeListInput> }>;

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
  const search = filters.search.trim();
  return {
    page,
    page_size: pageSize,
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
