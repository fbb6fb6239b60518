import { AccountAuditLogPage } from "@/dashboard/audit/audit-log-pages";
import { titled } from "@/app/page-title";

export const generateMetadata = titled("auditLog");

export default function Page() {
  return <AccountAuditLogPage />;
}
