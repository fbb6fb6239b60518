import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

interface PageHeaderProps {
  title: ReactNode;
  /** Beside the title, e.g. the object's status. */
  badge?: ReactNode;
  /** Under the title on an object's page. */
  objectId?: string;
  lead?: ReactNode;
  /** The page's main actions, on the right. */
  children?: ReactNode;
}

/** A page's title, a line on what it is for (or the object's id), and its main actions. */
export function PageHeader({ title, badge, objectId, lead, children }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div>
        <h1 className={badge ? "title-with-badge" : undefined}>
          {title}
          {badge && <> {badge}</>}
        </h1>
        {objectId !== undefined && <p className="page-lead mono">{objectId}</p>}
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      {children && <div className="header-actions">{children}</div>}
    </div>
  );
}

/** Edit and Delete among an object's page actions; one left out (undefined) is not offered. */
export function EditDeleteActions({ onEdit, onDelete }: { onEdit: (() => void) | undefined; onDelete: (() => void) | undefined }) {
  const t = useTranslations("common");
  return (
    <>
      {onEdit && (
        <button type="button" className="button" onClick={onEdit}>
          {t("edit")}
        </button>
      )}
      {onDelete && (
        <button type="button" className="button button-danger-quiet" onClick={onDelete}>
          {t("delete")}
        </button>
      )}
    </>
  );
}
