"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { AdminGate } from "../settings/admin-gate";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { AuditLogView, type AuditListInput } from "./audit-log-view";

/** Settings → Audit log: the account's records, for its admins. */
export function AccountAuditLogPage() {
  const t = useTranslations("auditLog");
  return (
    <AdminGate what={t("what")}>
      <AccountAuditLog />
    </AdminGate>
  );
}

function AccountAuditLog() {
  const t = useTranslations("auditLog");
  const utils = trpc.useUtils();
  return (
    <AuditLogView
      title={t("title")}
      lead={t("lead")}
      useRecords={(input: AuditListInput) => trpc.audit.list.useQuery(input, { placeholderData: keepPreviousData })}
      loadCsv={(filters) => utils.audit.export.fetch(filters)}
      filename="audit-log.csv"
    />
  );
}

/** The review team's own log: what its members did, for the review team. */
export const OperatorAuditLogPage = roleGated("operator", (t) => t("auditLog.operatorOnly"), OperatorAuditLog);

function OperatorAuditLog() {
  const t = useTranslations("auditLog");
  const utils = trpc.useUtils();
  return (
    <AuditLogView
      title={t("operatorTitle")}
      lead={t("operatorLead")}
      useRecords={(input: AuditListInput) => trpc.audit.operatorList.useQuery(input, { placeholderData: keepPreviousData })}
      loadCsv={(filters) => utils.audit.operatorExport.fetch(filters)}
      filename="review-team-audit-log.csv"
    />
  );
}
