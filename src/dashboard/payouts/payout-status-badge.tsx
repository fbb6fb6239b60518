import { PAYOUT_STATUS_LABELS, type PayoutStatus } from "./payout-types";

const TONES: Record<PayoutStatus, string> = { created: "badge", notification_sent: "badge badge-info", complete: "badge badge-success" };

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  return <span className={TONES[status]}>{PAYOUT_STATUS_LABELS[status]}</span>;
}
