"use client";

import { EMPTY, RowButton, TableHead } from "../ui/table";
import { apiViewPath, canDelete, canEdit, typeLabel, type Integration } from "./integration-types";

interface IntegrationsTableProps {
  integrations: Integration[];
  onEdit: (i: Integration) => void;
  onDelete: (i: Integration) => void;
}

const COLUMNS = ["Name", "ID", "Type", "Email", "City"];

export function IntegrationsTable({ integrations, onEdit, onDelete }: IntegrationsTableProps) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} actions />
      <tbody>
        {integrations.map((i) => (
          <tr key={i.id}>
            <td>
              <span className="name-cell">
                {i.logo ? (
                  <img className="row-logo" src={i.logo} alt="" />
                ) : (
                  <span className="row-logo row-logo-empty" aria-hidden="true">
                    {i.name.trim().charAt(0).toUpperCase()}
                  </span>
                )}
                {i.name}
              </span>
            </td>
            <td>
              {/* The API's own HTML view of this object, served by the API server. */}
              <a className="mono" href={apiViewPath(i)} title="Open in the API browser">
                {i.id}
              </a>
            </td>
            <td>
              <span className={`badge badge-type-${i.type}`}>{typeLabel(i.type)}</span>
            </td>
            <td>{i.email || EMPTY}</td>
            <td>{i.city || EMPTY}</td>
            <td className="actions">
              {canEdit(i) ? (
                <RowButton label="Edit" subject={i.name} onClick={() => onEdit(i)} />
              ) : (
                <span className="muted">Read-only</span>
              )}
              {canDelete(i) && <RowButton label="Delete" subject={i.name} danger onClick={() => onDelete(i)} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
