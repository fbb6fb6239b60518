"use client";

import { useTranslations } from "use-intl";
import type { PayoutStatus } from "./payout-types";

const TONES: Record<PayoutStatus, string> = {
  created: "badge",
  not_funded: "badge",
  onboarding_incomplete: "badge badge-info",
  notification_sent: "badge badge-info",
  available: "badge badge-info",
  complete: "badge badge-success",
};

export function PayoutStatusBadge({ status }: { status: PayoutStatus }) {
  const t = useTranslations("payouts.statuses");
  return <span className={TONES[status]}>{t(status)}</span>;
}
