import { useTranslations } from "use-intl";
import type { PrepaymentStatus } from "./prepayment-types";

const TONES: Record<PrepaymentStatus, string> = {
  DRAFT: "badge badge-info",
  INVOICED: "badge badge-warning",
  PAID: "badge badge-success",
  PARTIALLY_USED: "badge badge-success",
  FULLY_USED: "badge",
};

export function PrepaymentStatusBadge({ status }: { status: PrepaymentStatus }) {
  const t = useTranslations("prepayments.status");
  return <span className={TONES[status]}>{t(status)}</span>;
}
