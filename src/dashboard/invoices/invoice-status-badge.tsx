import { useTranslations } from "use-intl";
import type { InvoiceStatus } from "./invoice-types";

const TONES: Record<InvoiceStatus, string> = { proforma: "badge badge-info", invoice: "badge badge-warning", paid: "badge badge-success" };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const t = useTranslations("invoices.status");
  return <span className={TONES[status]}>{t(status)}</span>;
}
