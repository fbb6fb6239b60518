"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { EmployeePayouts } from "../payouts/employee-payouts";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { DetailsCard, MetadataAndApiRows } from "../ui/detail-rows";
import { Notice, type NoticeValue } from "../ui/notice";
import { useObjectPageRoutes } from "../ui/object-page";
import { EditDeleteActions, PageHeader } from "../ui/page-header";
import { DeleteEmployeeDialog, EDIT_EMPLOYEE_DRAFT, EditEmployeeDialog } from "./employee-dialogs";
import { useObjectDraftDialog } from "../ui/draft-scope";
import { EmployeeMessages } from "./employee-messages";
import { awaitingInvitation, employeePath, INVITATION_POLL_MS, type Employee } from "./employee-types";
import { ResendButton } from "./resend-button";
import { EmployeeTestHelpers } from "../test-helpers/test-helper-buttons";
import { StatusBadge } from "./status-badge";
import { StatusTimeline } from "./status-timeline";

export const EmployeeDetailPage = integrationScoped((t) => t("employees.title"), EmployeeDetail);

function EmployeeDetail({ employeeId }: { employeeId: string }) {
  const t = useTranslations("employees.detail");
  const query = trpc.employees.get.useQuery(
    { employee_id: employeeId },
    {
      retry: retryUnlessNotFound,
      refetchInterval: (q) => (q.state.data && awaitingInvitation(q.state.data) ? INVITATION_POLL_MS : false),
    },
  );
  return (
    <DetailFrame
      back={{ href: "/employees", label: t("back") }}
      query={query}
      notFound={t("notFound", { id: employeeId })}
      locate={{ kind: "employee", id: employeeId }}
    >
      {(employee) => (
        <>
          <EmployeeSummary employee={employee} />
          <EmployeePayouts employeeId={employee.id} />
          <EmployeeMessages employee={employee} />
        </>
      )}
    </DetailFrame>
  );
}

type Dialog = "edit" | "delete" | null;

function EmployeeSummary({ employee }: { employee: Employee }) {
  const t = useTranslations("employees.detail");
  const f = useFormat();
  const routes = useObjectPageRoutes(employee.id, employeePath, "/employees");
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const close = () => setDialog(null);
  useObjectDraftDialog(EDIT_EMPLOYEE_DRAFT, employee.id, () => setDialog("edit"));

  return (
    <>
      <PageHeader title={employee.name} badge={<StatusBadge status={employee.latest_status} />} objectId={employee.id}>
        <ResendButton employee={employee} onResult={setNotice} />
        <EmployeeTestHelpers employee={employee} onResult={setNotice} />
        <EditDeleteActions onEdit={() => setDialog("edit")} onDelete={() => setDialog("delete")} />
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="detail-grid">
        <DetailsCard title={t("details")}>
          <dt>{t("name")}</dt>
          <dd>{employee.name}</dd>
          <dt>{t("id")}</dt>
          <dd className="mono">{employee.id}</dd>
          <dt>{t("email")}</dt>
          <dd>{employee.email ?? <span className="muted">—</span>}</dd>
          <dt>{t("phone")}</dt>
          <dd>{employee.cellphone_number ?? <span className="muted">—</span>}</dd>
          <dt>{t("country")}</dt>
          <dd>{f.country(employee.country)}</dd>
          <dt>{t("invitationCode")}</dt>
          <dd className="mono">{employee.invitation_code ?? <span className="muted">{t("used")}</span>}</dd>
          <dt>{t("created")}</dt>
          <dd>{f.dateTime(employee.created_at)}</dd>
          <MetadataAndApiRows
            labels={{ metadata: t("metadata"), api: t("api"), link: t("viewInApi") }}
            metadata={employee.metadata}
            apiHref={`/v2/employees/${encodeURIComponent(employee.id)}/`}
          />
        </DetailsCard>
        <div className="card card-padded">
          <h2 className="card-title">{t("status")}</h2>
          <StatusTimeline employee={employee} />
        </div>
      </div>

      {dialog === "edit" && <EditEmployeeDialog employee={employee} onClose={close} onSaved={routes.onSaved} />}
      {dialog === "delete" && <DeleteEmployeeDialog employee={employee} onClose={close} onDeleted={routes.onDeleted} />}
    </>
  );
}
