"use client";

import { useTranslations } from "use-intl";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell, RowButton } from "../ui/table";
import { HealthBadge, StatusToggle, type WebhookHealth } from "./health-badge";
import { webhookPath, webhookScope, type EventInfo, type Webhook } from "./webhook-types";
import { useScopedPath } from "../shell/use-scoped-path";

interface WebhooksTableProps {
  webhooks: Webhook[];
  catalogue: readonly EventInfo[];
  healthOf: (id: string) => WebhookHealth | undefined;
  onEdit: (w: Webhook) => void;
  onRotate: (w: Webhook) => void;
  onDelete: (w: Webhook) => void;
}

const COLUMNS = ["urlAndId", "events", "scope", "health"] as const;

export function WebhooksTable({ webhooks, catalogue, healthOf, onEdit, onRotate, onDelete }: WebhooksTableProps) {
  const t = useTranslations("webhooks");
  const scoped = useScopedPath();
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={webhooks}>
      {(w) => {
        const scope = webhookScope(w, catalogue);
        return (
          <tr key={w.id}>
            <NameAndIdCell name={<span className="url-cell">{w.url}</span>} id={w.id} href={scoped(webhookPath(w.id))} />
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
            <td>
              <HealthBadge health={healthOf(w.id)} />
            </td>
            <td className="actions">
              <StatusToggle webhook={w} small />
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
