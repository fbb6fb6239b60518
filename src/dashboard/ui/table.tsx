import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";

/**
 * A table's header row; with `actions`, a last unlabelled-on-screen column holds each row's buttons; `lead`
 * is a first header cell's content (a select-all box).
 */
export function TableHead({ columns, actions, lead }: { columns: readonly string[]; actions?: boolean; lead?: ReactNode }) {
  const t = useTranslations("common");
  return (
    <thead>
      <tr>
        {lead !== undefined && (
          <th scope="col" className="select-cell">
            {lead}
          </th>
        )}
        {columns.map((c) => (
          <th key={c} scope="col">
            {c}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{t("actions")}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/**
 * A name over its id in one cell; the name links to the object's page when there is one. This line is the only
 * place a list shows an id (marked `data-id`, for developers to copy); everywhere else a list shows names.
 */
export function NameAndIdCell({ name, id, href }: { name: ReactNode; id: string; href?: string }) {
  return (
    <td className="stacked-cell">
      {href ? (
        <Link className="strong" href={href}>
          {name}
        </Link>
      ) : (
        <span className="strong">{name}</span>
      )}
      <IdLine id={id} />
    </td>
  );
}

/** An object's id under its name (see `NameAndIdCell`). */
export function IdLine({ id }: { id: string }) {
  return (
    <span className="mono muted truncate" title={id} data-id="">
      {id}
    </span>
  );
}

/** An email address that, when its column is narrow, wraps at the "@" (not inside "example.se"). */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A muted dash for an empty value. */
export const EMPTY = <span className="muted">—</span>;

interface RowButtonProps {
  /** What it does, shown on the button: "Edit". */
  label: string;
  /** Whose row it is, for the accessible name "Edit Ann". */
  subject: string;
  onClick: () => void;
  danger?: boolean;
  disabled?: boolean;
}

/** A small button in a row's actions cell, named after the row so that each is told apart. */
export function RowButton({ label, subject, onClick, danger, disabled }: RowButtonProps) {
  return (
    <button
      type="button"
      className={danger ? "button button-small button-danger-quiet" : "button button-small"}
      aria-label={`${label} ${subject}`}
      disabled={disabled}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

interface DetailsToggleProps {
  open: boolean;
  /** The id of the `ExpandedRow` it opens. */
  controls: string;
  /** Names the row, since every row has one. */
  label: string;
  onToggle: (open: boolean) => void;
  children: ReactNode;
}

/** A row's Details / Hide button for its `ExpandedRow`. */
export function DetailsToggle({ open, controls, label, onToggle, children }: DetailsToggleProps) {
  return (
    <button type="button" className="button button-small" aria-expanded={open} aria-controls={controls} aria-label={label} onClick={() => onToggle(!open)}>
      {children}
    </button>
  );
}

/** The row below a table row that its Details button opens (`aria-controls` names `id`), across every column; nothing while closed. */
export function ExpandedRow({ open, id, columns, children }: { open: boolean; id: string; columns: number; children: ReactNode }) {
  if (!open) return null;
  return (
    <tr id={id} className="delivery-detail">
      <td colSpan={columns}>{children}</td>
    </tr>
  );
}
