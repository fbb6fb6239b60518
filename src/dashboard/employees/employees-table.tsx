"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { NoticeValue } from "../ui/notice";
import { ListTable } from "../ui/list-table";
import { EMPTY, EmailText, NameAndIdCell, RowButton } from "../ui/table";
import { employeePath, type Employee } from "./employee-types";
import { ResendButton } from "./resend-button";
import { StatusBadge } from "./status-badge";
import { useScopedPath } from "../shell/use-scoped-path";

interface EmployeesTableProps {
  employees: Employee[];
  onEdit: (e: Employee) => void;
  onDelete: (e: Employee) => void;
  onNotice: (notice: NoticeValue) => void;
  /** The ids of the selected rows, and how a row's box changes them. */
  selected: ReadonlySet<string>;
  onSelect: (employees: Employee[], on: boolean) => void;
}

export function EmployeesTable({ employees, onEdit, onDelete, onNotice, selected, onSelect }: EmployeesTableProps) {
  const t = useTranslations("employees");
  const scoped = useScopedPath();
  const f = useFormat();
  const columns = [t("columns.nameAndId"), t("columns.emailAndPhone"), t("columns.country"), t("columns.status"), t("columns.created")];
  const all = employees.length > 0 && employees.every((e) => selected.has(e.id));
  return (
    <ListTable
      columns={columns}
      actions
      lead={<input type="checkbox" aria-label={t("select.all")} checked={all} onChange={(ev) => onSelect(employees, ev.target.checked)} />}
      rows={employees}
    >
      {(e) => (
        <tr key={e.id} aria-selected={selected.has(e.id)}>
          <td className="select-cell">
            <input
              type="checkbox"
              aria-label={t("select.row", { name: e.name })}
              checked={selected.has(e.id)}
              onChange={(ev) => onSelect([e], ev.target.checked)}
            />
          </td>
          <NameAndIdCell name={e.name} id={e.id} href={scoped(employeePath(e.id))} />
          <td className="stacked-cell">
            <span>{e.email ? <EmailText email={e.email} /> : EMPTY}</span>
            <span className="muted nowrap">{e.cellphone_number ?? t("noPhone")}</span>
          </td>
          <td title={f.country(e.country)}>{e.country}</td>
          <td>
            <StatusBadge status={e.latest_status} />
          </td>
          <td className="nowrap" title={e.created_at}>
            {f.date(e.created_at)}
          </td>
          <td className="actions">
            <ResendButton employee={e} onResult={onNotice} small />
            <RowButton label={t("edit")} subject={e.name} onClick={() => onEdit(e)} />
            <RowButton label={t("delete")} subject={e.name} danger onClick={() => onDelete(e)} />
          </td>
        </tr>
      )}
    </ListTable>
  );
}
