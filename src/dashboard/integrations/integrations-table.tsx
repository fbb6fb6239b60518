"use client";

import Link from "next/link";
import { useTranslations } from "use-intl";
import { ListTable } from "../ui/list-table";
import { EMPTY, RowButton } from "../ui/table";
import { apiViewPath, canDelete, canEdit, integrationPath, integrationTypeKey, type Integration } from "./integration-types";
import { useScopedPath } from "../shell/use-scoped-path";

interface IntegrationsTableProps {
  integrations: Integration[];
  onEdit: (i: Integration) => void;
  onDelete: (i: Integration) => void;
}

const COLUMNS = ["name", "id", "type", "email", "city"] as const;

export function IntegrationsTable({ integrations, onEdit, onDelete }: IntegrationsTableProps) {
  const t = useTranslations("integrations");
  const scoped = useScopedPath();
  const typeLabel = (type: number) => {
    const key = integrationTypeKey(type);
    return key ? t(`types.${key}`) : t("otherType", { type });
  };
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={integrations}>
      {(i) => (
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
              <Link href={scoped(integrationPath(i.id))}>{i.name}</Link>
            </span>
          </td>
          <td>
            {/* The API's own HTML view of this object, served by the API server. */}
            <a className="mono" href={apiViewPath(i)} title={t("openInApi")}>
              {i.id}
            </a>
          </td>
          <td>
            <span className={`badge badge-type-${i.type}`}>{typeLabel(i.type)}</span>
          </td>
          <td>{i.email || EMPTY}</td>
          <td>{i.city || EMPTY}</td>
          <td className="actions">
            {canEdit(i) ? <RowButton label={t("edit")} subject={i.name} onClick={() => onEdit(i)} /> : <span className="muted">{t("readOnly")}</span>}
            {canDelete(i) && <RowButton label={t("delete")} subject={i.name} danger onClick={() => onDelete(i)} />}
          </td>
        </tr>
      )}
    </ListTable>
  );
}
