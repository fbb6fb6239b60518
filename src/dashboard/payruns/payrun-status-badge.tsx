import { useTranslations } from "use-intl";
import type { PayrunStatus } from "./payrun-types";

const TONES: Record<PayrunStatus, string> = { open: "badge badge-info", invoiced: "badge badge-warning", paid: "badge badge-success" };

export function PayrunStatusBadge({ status }: { status: PayrunStatus }) {
  const t = useTranslations("payruns.status");
  return <span className={TONES[status]}>{t(status)}</span>;
}
