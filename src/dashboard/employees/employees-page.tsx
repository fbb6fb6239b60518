"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { ExportButton } from "../ui/export-button";
import { Notice, type NoticeValue } from "../ui/notice";
import { ListFilters } from "../ui/list-filters";
import { PageHeader } from "../ui/page-header";
import { stepBackAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { useRowDialog } from "../ui/row-dialog";
import { parseAsChoice, parseAsDay, parseAsText, useListView } from "../url-state";
import { useDebouncedValue } from "../use-debounced-value";
import { CreateEmployeeDialog, DeleteEmployeeDialog, EDIT_EMPLOYEE_DRAFT, EditEmployeeDialog, NEW_EMPLOYEE_DRAFT } from "./employee-dialogs";
import {
  awaitingInvitation,
  employeeFilterInput,
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
/** The list's filters in the URL: ?q=&status=&from= (and ?page=) */
const FILTERS = { q: parseAsText, status: parseAsChoice(STATUS_VALUES), from: parseAsDay };

export const EmployeesPage = integrationScoped((t) => t("employees.title"), EmployeesOfIntegration);

function EmployeesOfIntegration({ integration }: { integration: Integration }) {
  const t = useTranslations("employees");
  const utils = trpc.useUtils();
  const [selected, setSelected] = useState<ReadonlyMap<string, string>>(new Map());
  const select = (rows: Employee[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row.name);
        else next.delete(row.id);
      }
      return next;
    });
  const { view, page, setPage, filter } = useListView(FILTERS);
  const filters: EmployeeListFilters = { search: view.q, status: view.status, createdFrom: view.from };
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const search = useDebouncedValue(filters.search);
  const list = trpc.employees.list.useQuery(employeeListInput(page, PAGE_SIZE, { ...filters, search }), {
    placeholderData: (prev) => prev,
    // New Employees turn "Invited" within seconds, when the worker has sent their email.
    refetchInterval: (query) => (query.state.data?.results.some((e) => awaitingInvitation(e)) ? INVITATION_POLL_MS : false),
  });
  const { dialog, create, open, close } = useRowDialog<Employee>({
    create: NEW_EMPLOYEE_DRAFT,
    edit: { dialog: EDIT_EMPLOYEE_DRAFT, rows: list.data?.results, idOf: (e) => e.id },
  });
  const filtered = filters.search.trim() !== "" || filters.status !== "" || filters.createdFrom !== "";

  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, strong: (chunks) => <strong>{chunks}</strong> })}>
        <ExportButton
          namespace="employees"
          filename="employees.csv"
          load={() => utils.employees.export.fetch(employeeFilterInput(filters))}
          onNotice={setNotice}
        />
        <button type="button" className="button button-primary" onClick={create}>
          {t("newEmployee")}
        </button>
      </PageHeader>

      <ListFilters
        namespace="employees"
        search={filters.search}
        status={filters.status}
        statuses={STATUS_VALUES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onFilter={filter}
      >
        <label className="inline-field">
          {t("createdFrom")}
          <input type="date" value={filters.createdFrom} onChange={(e) => filter({ from: e.target.value })} />
        </label>
      </ListFilters>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      {selected.size > 0 && <BulkBar selected={selected} onClear={() => setSelected(new Map())} onNotice={setNotice} />}

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={filtered ? t("noMatch") : t("none")} scroll>
        {(employees) => (
          <EmployeesTable
            employees={employees}
            onEdit={open("edit")}
            onDelete={open("delete")}
            onNotice={setNotice}
            selected={new Set(selected.keys())}
            onSelect={select}
          />
        )}
      </PagedListCard>

      {dialog?.kind === "create" && <CreateEmployeeDialog integrationName={integration.name} onClose={close} />}
      {dialog?.kind === "edit" && <EditEmployeeDialog employee={dialog.row} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteEmployeeDialog
          employee={dialog.row}
          onClose={close}
          onDeleted={() => {
            setNotice({ kind: "success", text: t("deleted", { name: dialog.row.name }) });
            stepBackAfterDelete(list, page, setPage);
          }}
        />
      )}
    </section>
  );
}

/** What to do with the selected Employees: resend their invitations (the once-a-day rule skips some, and says so). */
function BulkBar({ selected, onClear, onNotice }: { selected: ReadonlyMap<string, string>; onClear: () => void; onNotice: (notice: NoticeValue) => void }) {
  const t = useTranslations("employees.select");
  const f = useFormat();
  const utils = trpc.useUtils();
  const resend = trpc.employees.resendMany.useMutation({
    onSuccess: async (result) => {
      const skipped = result.skipped.map((s) => {
        const name = selected.get(s.id) ?? s.id;
        if (s.reason === "claimed") return t("skippedClaimed", { name });
        return s.retry_at ? t("skippedTooSoon", { name, at: f.dateTime(s.retry_at) }) : t("skippedGone", { name });
      });
      onNotice({ kind: skipped.length ? "error" : "success", text: [t("sent", { count: result.sent.length }), ...skipped].join(" ") });
      onClear();
      await utils.employees.invalidate();
    },
    onError: (error) => onNotice({ kind: "error", text: error.message }),
  });
  return (
    <div className="toolbar bulk-bar" role="region" aria-label={t("selected", { count: selected.size })}>
      <span className="strong">{t("selected", { count: selected.size })}</span>
      <button type="button" className="button" disabled={resend.isPending} onClick={() => resend.mutate({ employee_ids: [...selected.keys()] })}>
        {resend.isPending ? t("resending") : t("resend")}
      </button>
      <button type="button" className="button" onClick={onClear}>
        {t("clear")}
      </button>
    </div>
  );
}
