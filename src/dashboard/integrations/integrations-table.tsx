"use client";

import { apiViewPath, canDelete, canEdit, typeLabel, type Integration } from "./integration-types";

interface IntegrationsTableProps {
  integrations: Integration[];
  onEdit: (i: Integration) => void;
  onDelete: (i: Integration) => void;
}

export function IntegrationsTable({ integrations, onEdit, onDelete }: IntegrationsTableProps) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">ID</th>
          <th scope="col">Type</th>
          <th scope="col">Email</th>
          <th scope="col">City</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {integrations.map((i) => (
          <tr key={i.id}>
            <td>
              <span className="name-cell">
                {i.logo ? (
                  // eslint-disable-next-line @next/next/no-img-element
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
            <td>{i.email || <span className="muted">—</span>}</td>
            <td>{i.city || <span className="muted">—</span>}</td>
            <td className="actions">
              {canEdit(i) ? (
                <button type="button" className="button button-small" aria-label={`Edit ${i.name}`} onClick={() => onEdit(i)}>
                  Edit
                </button>
              ) : (
                <span className="muted">Read-only</span>
              )}
              {canDelete(i) && (
                <button
                  type="button"
                  className="button button-small button-danger-quiet"
                  aria-label={`Delete ${i.name}`}
                  onClick={() => onDelete(i)}
                >
                  Delete
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
