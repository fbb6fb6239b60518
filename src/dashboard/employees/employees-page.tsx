"use client";

import { useState } from "react";
import type { Integration } from "../integrations/integration-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Notice, type NoticeValue } from "../ui/notice";
import { Pager } from "../ui/pager";
import { useDebouncedValue } from "../use-debounced-value";
import { CreateEmployeeDialog, DeleteEmployeeDialog, EditEmployeeDialog } from "./employee-dialogs";
import {
  awaitingInvitation,
  employeeListInput,
  INVITATION_POLL_MS,
  isStatusFilter,
  STATUS_FILTERS,
  type Employee,
  type EmployeeListFilters,
} from "./employee-types";
import { EmployeesTable } from "./employees-table";

const PAGE_SIZE = 25;

type Dialog = { kind: "create" } | { kind: "edit"; employee: Employee } | { kind: "delete"; employee: Employee } | null;

export function EmployeesPage() {
  return <IntegrationScoped what="Employees">{(integration) => <EmployeesOfIntegration integration={integration} />}</IntegrationScoped>;
}

function EmployeesOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<EmployeeListFilters>({ search: "", status: "", createdFrom: "" });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const search = useDebouncedValue(filters.search);
  const list = trpc.employees.list.useQuery(employeeListInput(page, PAGE_SIZE, { ...filters, search }), {
    placeholderData: (prev) => prev,
    // New Employees turn "Invited" within seconds, when the worker has sent their email.
    refetchInterval: (query) => (query.state.data?.results.some((e) => awaitingInvitation(e)) ? INVITATION_POLL_MS : false),
  });
  const filtered = filters.search.trim() !== "" || filters.status !== "" || filters.createdFrom !== "";

  const filter = (patch: Partial<EmployeeListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const data = list.data;
  const close = () => setDialog(null);

  return (
    <section>
      <div className="page-header">
        <div>
          <h1>Employees</h1>
          <p className="page-lead">
            The people <strong>{integration.name}</strong> pays. Each gets an email invitation to the employee app.
          </p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: "create" })}>
          New Employee
        </button>
      </div>

      <div className="toolbar toolbar-wrap" role="search">
        <label className="inline-field">
          Search
          <input
            type="search"
            className="toolbar-search"
            placeholder="Name, email or phone"
            value={filters.search}
            onChange={(e) => filter({ search: e.target.value })}
          />
        </label>
        <label className="inline-field">
          Status
          <select value={filters.status} onChange={(e) => filter({ status: isStatusFilter(e.target.value) ? e.target.value : "" })}>
            <option value="">All statuses</option>
            {Object.entries(STATUS_FILTERS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="inline-field">
          Created from
          <input type="date" value={filters.createdFrom} onChange={(e) => filter({ createdFrom: e.target.value })} />
        </label>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="card">
        {list.isError ? (
          <div className="alert alert-error" role="alert">
            {list.error.message}
          </div>
        ) : !data ? (
          <p className="card-message">Loading…</p>
        ) : data.results.length === 0 ? (
          <p className="card-message">{filtered ? "No Employees match these filters." : "No Employees yet."}</p>
        ) : (
          <div className="table-scroll">
            <EmployeesTable
              employees={data.results}
              onEdit={(employee) => setDialog({ kind: "edit", employee })}
              onDelete={(employee) => setDialog({ kind: "delete", employee })}
              onNotice={setNotice}
            />
          </div>
        )}
        {data && data.count > 0 && <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} busy={list.isFetching} />}
      </div>

      {dialog?.kind === "create" && <CreateEmployeeDialog integrationName={integration.name} onClose={close} />}
      {dialog?.kind === "edit" && <EditEmployeeDialog employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteEmployeeDialog
          employee={dialog.employee}
          onClose={close}
          onDeleted={() => {
            setNotice({ kind: "success", text: `${dialog.employee.name} was deleted.` });
            // Deleting the only row of the last page would leave us on a page that no longer exists.
            if (data && data.results.length === 1 && page > 1) setPage(page - 1);
          }}
        />
      )}
    </section>
  );
}
