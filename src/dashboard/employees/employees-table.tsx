"use client";

import Link from "next/link";
import { formatDate } from "../format";
import type { NoticeValue } from "../ui/notice";
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

const dash = <span className="muted">—</span>;

export function EmployeesTable({ employees, onEdit, onDelete, onNotice }: EmployeesTableProps) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name and ID</th>
          <th scope="col">Email and phone</th>
          <th scope="col">Country</th>
          <th scope="col">Status</th>
          <th scope="col">Created</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {employees.map((e) => (
          <tr key={e.id}>
            <td className="stacked-cell">
              <Link className="strong" href={employeePath(e.id)}>
                {e.name}
              </Link>
              <span className="mono muted truncate" title={e.id}>
                {e.id}
              </span>
            </td>
            <td className="stacked-cell">
              <span>{e.email ?? dash}</span>
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
              <button type="button" className="button button-small" aria-label={`Edit ${e.name}`} onClick={() => onEdit(e)}>
                Edit
              </button>
              <button type="button" className="button button-small button-danger-quiet" aria-label={`Delete ${e.name}`} onClick={() => onDelete(e)}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
