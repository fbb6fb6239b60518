"use client";

import { NameAndIdCell, RowButton, TableHead } from "../ui/table";
import { webhookPath, webhookScope, type EventInfo, type Webhook } from "./webhook-types";

interface WebhooksTableProps {
  webhooks: Webhook[];
  catalogue: readonly EventInfo[];
  onEdit: (w: Webhook) => void;
  onRotate: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

const COLUMNS = ["URL and ID", "Events", "Scope"];

export function WebhooksTable({ webhooks, catalogue, onEdit, onRotate, onDelete }: WebhooksTableProps) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} actions />
      <tbody>
        {webhooks.map((w) => {
          const scope = webhookScope(w, catalogue);
          return (
            <tr key={w.id}>
              <NameAndIdCell name={<span className="url-cell">{w.url}</span>} id={w.id} href={webhookPath(w.id)} />
              <td>
                <ul className="event-list">
                  {w.events.map((e) => (
                    <li key={e} className="mono">
                      {e}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <span className={scope === "Integration" ? "badge badge-info" : "badge"}>{scope}</span>
              </td>
              <td className="actions">
                <RowButton label="Edit" subject={w.url} onClick={() => onEdit(w)} />
                <RowButton label="Rotate secret" subject={w.url} onClick={() => onRotate(w)} />
                <RowButton label="Delete" subject={w.url} danger onClick={() => onDelete(w)} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
