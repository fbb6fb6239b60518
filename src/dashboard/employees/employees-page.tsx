"use client";

import { useQueryStates } from "nuqs";
import { useState } from "react";
import type { Integration } from "../integrations/integration-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { pageAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { SearchField } from "../ui/search-field";
import { parseAsChoice, parseAsDay, parseAsPage, parseAsText, PUSH, REPLACE } from "../url-state";
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

const STATUS_VALUES = Object.keys(STATUS_FILTERS).filter(isStatusFilter);
/** The list's view in the URL: ?q=&status=&from=&page= */
const VIEW = { q: parseAsText, status: parseAsChoice(STATUS_VALUES), from: parseAsDay, page: parseAsPage };

type Dialog = { kind: "create" } | { kind: "edit"; employee: Employee } | { kind: "delete"; employee: Employee } | null;

export function EmployeesPage() {
  return <IntegrationScoped what="Employees">{(integration) => <EmployeesOfIntegration integration={integration} />}</IntegrationScoped>;
}

function EmployeesOfIntegration({ integration }: { integration: Integration }) {
  const [view, setView] = useQueryStates(VIEW, PUSH);
  const { page } = view;
  const filters: EmployeeListFilters = { search: view.q, status: view.status, createdFrom: view.from };
  const setPage = (p: number) => void setView({ page: p });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const search = useDebouncedValue(filters.search);
  const list = trpc.employees.list.useQuery(employeeListInput(page, PAGE_SIZE, { ...filters, search }), {
    placeholderData: (prev) => prev,
    // New Employees turn "Invited" within seconds, when the worker has sent their email.
    refetchInterval: (query) => (query.state.data?.results.some((e) => awaitingInvitation(e)) ? INVITATION_POLL_MS : false),
  });
  const filtered = filters.search.trim() !== "" || filters.status !== "" || filters.createdFrom !== "";

  // A changed filter starts at the first page; typing replaces the history entry instead of adding one per key.
  const filter = (patch: Partial<typeof view>) => void setView({ ...patch, page: null }, "q" in patch ? REPLACE : PUSH);
  const close = () => setDialog(null);

  return (
    <section>
      <PageHeader
        title="Employees"
        lead={
          <>
            The people <strong>{integration.name}</strong> pays. Each gets an email invitation to the employee app.
          </>
        }
      >
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: "create" })}>
          New Employee
        </button>
      </PageHeader>

      <div className="toolbar toolbar-wrap" role="search">
        <SearchField placeholder="Name, email or phone" value={filters.search} onChange={(q) => filter({ q })} />
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
          <input type="date" value={filters.createdFrom} onChange={(e) => filter({ from: e.target.value })} />
        </label>
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={filtered ? "No Employees match these filters." : "No Employees yet."}>
        {(employees) => (
          <div className="table-scroll">
            <EmployeesTable
              employees={employees}
              onEdit={(employee) => setDialog({ kind: "edit", employee })}
              onDelete={(employee) => setDialog({ kind: "delete", employee })}
              onNotice={setNotice}
            />
          </div>
        )}
      </PagedListCard>

      {dialog?.kind === "create" && <CreateEmployeeDialog integrationName={integration.name} onClose={close} />}
      {dialog?.kind === "edit" && <EditEmployeeDialog employee={dialog.employee} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteEmployeeDialog
          employee={dialog.employee}
          onClose={close}
          onDeleted={() => {
            setNotice({ kind: "success", text: `${dialog.employee.name} was deleted.` });
            if (list.data) setPage(pageAfterDelete(page, list.data.results.length));
          }}
        />
      )}
    </section>
  );
}
