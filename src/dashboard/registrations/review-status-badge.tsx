import { REVIEW_STATUS_LABELS, type ReviewStatus } from "./registration-types";

const TONES: Record<ReviewStatus, string> = { pending: "badge-warning", rejected: "badge-danger", approved: "badge-success" };

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  return <span className={`badge ${TONES[status]}`}>{REVIEW_STATUS_LABELS[status]}</span>;
}
