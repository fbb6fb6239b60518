import { useTranslations } from "use-intl";
import type { ReviewStatus } from "./registration-types";

const TONES: Record<ReviewStatus, string> = { pending: "badge-warning", rejected: "badge-danger", approved: "badge-success" };

export function ReviewStatusBadge({ status }: { status: ReviewStatus }) {
  const t = useTranslations("registrations.statuses");
  return <span className={`badge ${TONES[status]}`}>{t(status)}</span>;
}
