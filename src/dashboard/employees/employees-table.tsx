"use client";

import { formatDate } from "../format";
import type { NoticeValue } from "../ui/notice";
import { EMPTY, NameAndIdCell, RowButton, TableHead } from "../ui/table";
import { countryLabel } from "./countries";
import { employeePath, type Employee } from "./employee-types";
import { ResendButton } from "./resend-button";
import { StatusBadge } from "./status-badge";

interface EmployeesTableProps {
  employees: Employee[];
  onEdit: (e: Employee) => void;
  onDelete: (e: Employee) => void;
  onNotice: (notice: NoticeValue) => void;
}

const COLUMNS = ["Name and ID", "Email and phone", "Country", "Status", "Created"];

export function EmployeesTable({ employees, onEdit, onDelete, onNotice }: EmployeesTableProps) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} actions />
      <tbody>
        {employees.map((e) => (
          <tr key={e.id}>
            <NameAndIdCell name={e.name} id={e.id} href={employeePath(e.id)} />
            <td className="stacked-cell">
              <span>{e.email ?? EMPTY}</span>
              <span className="muted nowrap">{e.cellphone_number ?? "No phone"}</span>
            </td>
            <td title={countryLabel(e.country)}>{e.country}</td>
            <td>
              <StatusBadge status={e.latest_status} />
            </td>
            <td className="nowrap" title={e.created_at}>
              {formatDate(e.created_at)}
            </td>
            <td className="actions">
              <ResendButton employee={e} onResult={onNotice} small />
              <RowButton label="Edit" subject={e.name} onClick={() => onEdit(e)} />
              <RowButton label="Delete" subject={e.name} danger onClick={() => onDelete(e)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
