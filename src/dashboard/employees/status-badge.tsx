import { STATUS_LABELS, type EmployeeStatus } from "./employee-types";

export function StatusBadge({ status }: { status: EmployeeStatus }) {
  return <span className={`badge badge-status-${status}`}>{STATUS_LABELS[status]}</span>;
}
