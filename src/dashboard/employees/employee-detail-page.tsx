"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { formatDateTime } from "../format";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Notice, type NoticeValue } from "../ui/notice";
import { countryLabel } from "./countries";
import { DeleteEmployeeDialog, EditEmployeeDialog } from "./employee-dialogs";
import { EmployeeMessages } from "./employee-messages";
import { awaitingInvitation, employeePath, INVITATION_POLL_MS, type Employee } from "./employee-types";
import { ResendButton } from "./resend-button";
import { StatusBadge } from "./status-badge";
import { StatusTimeline } from "./status-timeline";

export function EmployeeDetailPage({ employeeId }: { employeeId: string }) {
  return <IntegrationScoped what="Employees">{() => <EmployeeDetail employeeId={employeeId} />}</IntegrationScoped>;
}

function EmployeeDetail({ employeeId }: { employeeId: string }) {
  const query = trpc.employees.get.useQuery(
    { employee_id: employeeId },
    {
      retry: (n, error) => error.data?.code !== "NOT_FOUND" && n < 1,
      refetchInterval: (q) => (q.state.data && awaitingInvitation(q.state.data) ? INVITATION_POLL_MS : false),
    },
  );
  const back = (
    <Link href="/employees" className="back-link">
      ← Employees
    </Link>
  );
  if (query.isError) {
    return (
      <section>
        {back}
        <div className="alert alert-error" role="alert">
          {query.error.data?.code === "NOT_FOUND" ? `No Employee "${employeeId}" in this Integration.` : query.error.message}
        </div>
      </section>
    );
  }
  if (!query.data) return <p className="page-message">Loading…</p>;
  return (
    <section>
      {back}
      <EmployeeSummary employee={query.data} />
      <EmployeeMessages employee={query.data} />
    </section>
  );
}

type Dialog = "edit" | "delete" | null;

function EmployeeSummary({ employee }: { employee: Employee }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const close = () => setDialog(null);

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="title-with-badge">
            {employee.name} <StatusBadge status={employee.latest_status} />
          </h1>
          <p className="page-lead mono">{employee.id}</p>
        </div>
        <div className="header-actions">
          <ResendButton employee={employee} onResult={setNotice} />
          <button type="button" className="button" onClick={() => setDialog("edit")}>
            Edit
          </button>
          <button type="button" className="button button-danger-quiet" onClick={() => setDialog("delete")}>
            Delete
          </button>
        </div>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="detail-grid">
        <div className="card card-padded">
          <h2 className="card-title">Details</h2>
          <dl className="details">
            <dt>Name</dt>
            <dd>{employee.name}</dd>
            <dt>ID</dt>
            <dd className="mono">{employee.id}</dd>
            <dt>Email</dt>
            <dd>{employee.email ?? <span className="muted">—</span>}</dd>
            <dt>Cellphone number</dt>
            <dd>{employee.cellphone_number ?? <span className="muted">—</span>}</dd>
            <dt>Country</dt>
            <dd>{countryLabel(employee.country)}</dd>
            <dt>Invitation code</dt>
            <dd className="mono">{employee.invitation_code ?? <span className="muted">— (used)</span>}</dd>
            <dt>Created</dt>
            <dd>{formatDateTime(employee.created_at)}</dd>
            <dt>Metadata</dt>
            <dd>
              {Object.keys(employee.metadata).length === 0 ? (
                <span className="muted">None</span>
              ) : (
                <pre className="metadata">{JSON.stringify(employee.metadata, null, 2)}</pre>
              )}
            </dd>
            <dt>API</dt>
            <dd>
              <a href={`/v2/employees/${encodeURIComponent(employee.id)}/`}>View in the API browser</a>
            </dd>
          </dl>
        </div>
        <div className="card card-padded">
          <h2 className="card-title">Status</h2>
          <StatusTimeline employee={employee} />
        </div>
      </div>

      {dialog === "edit" && (
        <EditEmployeeDialog
          employee={employee}
          onClose={close}
          onSaved={(saved) => {
            // A new id is a new URL.
            if (saved.id !== employee.id) router.replace(employeePath(saved.id));
          }}
        />
      )}
      {dialog === "delete" && <DeleteEmployeeDialog employee={employee} onClose={close} onDeleted={() => router.push("/employees")} />}
    </>
  );
}
