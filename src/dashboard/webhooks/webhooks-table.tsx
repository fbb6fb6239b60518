"use client";

import { useTranslations } from "use-intl";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell, RowButton } from "../ui/table";
import { webhookPath, webhookScope, type EventInfo, type Webhook } from "./webhook-types";

interface WebhooksTableProps {
  webhooks: Webhook[];
  catalogue: readonly EventInfo[];
  onEdit: (w: Webhook) => void;
  onRotate: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

const COLUMNS = ["urlAndId", "events", "scope"] as const;

export function WebhooksTable({ webhooks, catalogue, onEdit, onRotate, onDelete }: WebhooksTableProps) {
  const t = useTranslations("webhooks");
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={webhooks}>
      {(w) => {
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
              <span className={scope === "Integration" ? "badge badge-info" : "badge"}>{t(`scopes.${scope}`)}</span>
            </td>
            <td className="actions">
              <RowButton label={t("edit")} subject={w.url} onClick={() => onEdit(w)} />
              <RowButton label={t("rotate")} subject={w.url} onClick={() => onRotate(w)} />
              <RowButton label={t("delete")} subject={w.url} danger onClick={() => onDelete(w)} />
            </td>
          </tr>
        );
      }}
    </ListTable>
  );
}
