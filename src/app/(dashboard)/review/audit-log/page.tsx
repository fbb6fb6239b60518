import { OperatorAuditLogPage } from "@/dashboard/audit/audit-log-pages";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("reviewAuditLog");

export default function Page() {
  return <OperatorAuditLogPage />;
}
