"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { NoticeValue } from "../ui/notice";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell, RowButton } from "../ui/table";
import { ApproveDemoButton } from "./registration-dialogs";
import { canChange, registrationPath, reviewStatus, type Registration } from "./registration-types";
import { ReviewStatusBadge } from "./review-status-badge";
import { useScopedPath } from "../shell/use-scoped-path";

interface RegistrationsTableProps {
  registrations: Registration[];
  /** Demo offers "Approve (demo)"; live Registrations wait for the review team. */
  demo: boolean;
  onEdit: (r: Registration) => void;
  onDelete: (r: Registration) => void;
  onNotice: (n: NoticeValue) => void;
}

const COLUMNS = ["nameAndId", "registeredName", "country", "tinAndVat", "review", "created"] as const;

export function RegistrationsTable({ registrations, demo, onEdit, onDelete, onNotice }: RegistrationsTableProps) {
  const t = useTranslations("registrations");
  const scoped = useScopedPath();
  const f = useFormat();
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} actions rows={registrations}>
      {(r) => (
        <tr key={r.id}>
          <NameAndIdCell name={r.friendly_name} id={r.id} href={scoped(registrationPath(r.id))} />
          <td>{r.registered_name}</td>
          <td title={f.country(r.country)}>{r.country}</td>
          <td className="stacked-cell mono">
            <span>{r.tin_number}</span>
            <span className="muted">{r.vat_number ?? EMPTY}</span>
          </td>
          <td className="stacked-cell">
            <span>
              <ReviewStatusBadge status={reviewStatus(r)} />
            </span>
            {r.rejection_reason !== null && <span className="rejection-reason">{r.rejection_reason}</span>}
          </td>
          <td className="nowrap" title={r.created_at}>
            {f.date(r.created_at)}
          </td>
          <td className="actions">
            {canChange(r) && (
              <>
                {demo && <ApproveDemoButton registration={r} onResult={onNotice} small />}
                <RowButton label={t("edit")} subject={r.friendly_name} onClick={() => onEdit(r)} />
                <RowButton label={t("delete")} subject={r.friendly_name} danger onClick={() => onDelete(r)} />
              </>
            )}
          </td>
        </tr>
      )}
    </ListTable>
  );
}
