import { PAYRUN_STATUS_LABELS, type PayrunStatus } from "./payrun-types";

const TONES: Record<PayrunStatus, string> = { open: "badge badge-info", invoiced: "badge badge-warning", paid: "badge badge-success" };

export function PayrunStatusBadge({ status }: { status: PayrunStatus }) {
  return <span className={TONES[status]}>{PAYRUN_STATUS_LABELS[status]}</span>;
}
