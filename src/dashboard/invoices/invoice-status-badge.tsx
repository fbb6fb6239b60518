import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "./invoice-types";

const TONES: Record<InvoiceStatus, string> = { proforma: "badge badge-info", invoice: "badge badge-warning", paid: "badge badge-success" };

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <span className={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</span>;
}
