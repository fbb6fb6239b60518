"use client";

import { useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { messagesFor, type Messages } from "@/i18n/catalogue/catalogue";
import { useFormat } from "../i18n/use-format";
import type { RouterInputs, RouterOutputs } from "../trpc";
import { useDebouncedValue } from "../use-debounced-value";
import { ErrorAlert } from "../ui/alert";
import { ExportButton } from "../ui/export-button";
import { FilterSelect } from "../ui/filter-select";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { Pager } from "../ui/pager";
import { ListTable } from "../ui/list-table";
import { EMPTY, IdLine } from "../ui/table";

type AuditRecord = RouterOutputs["audit"]["list"]["results"][number];
type AuditPage = RouterOutputs["audit"]["list"];
export type AuditListInput = RouterInputs["audit"]["list"];
type AuditFilters = RouterInputs["audit"]["export"];

const PAGE_SIZE = 25;

/** The actions the catalogue names in words ("api_key.created"): the server's list, AUDIT_ACTIONS (a unit test keeps them equal). */
type Named = Messages["auditLog"]["actions"];
type AuditAction = { [G in keyof Named]: `${G}.${keyof Named[G] & string}` }[keyof Named];
const AUDIT_ACTIONS = Object.entries(messagesFor("en").auditLog.actions)
  .flatMap(([group, names]) => Object.keys(names).map((name) => `${group}.${name}`))
  .filter(isAuditAction);

interface Filters {
  action: AuditAction | "";
  actor: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { action: "", actor: "", from: "", to: "" };

interface AuditLogViewProps {
  title: string;
  lead: string;
  /** The page's reader: the account's records or the review team's (same input, same page shape). */
  useRecords: (input: AuditListInput) => { data?: AuditPage; error: { message: string } | null; isFetching: boolean };
  /** Every record the filters match, as CSV. */
  loadCsv: (filters: AuditFilters) => Promise<{ csv: string; count: number }>;
  /** The CSV file's name. */
  filename: string;
}

/** A `datetime-local` value (the reader's time zone) as an instant, or undefined when empty or unreadable. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

function filterInput(filters: Filters, actor: string): AuditFilters {
  return { action: filters.action || undefined, actor: actor.trim() || undefined, at_gte: instant(filters.from), at_lt: instant(filters.to) };
}

/** The audit log's page, one for both readers: filters, a page of records newest first, the CSV export. */
export function AuditLogView({ title, lead, useRecords, loadCsv, filename }: AuditLogViewProps) {
  const t = useTranslations("auditLog");
  const common = useTranslations("common");
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const actor = useDebouncedValue(filters.actor);
  const input = filterInput(filters, actor);
  const list = useRecords({ ...input, page, page_size: PAGE_SIZE });
  const change = (patch: Partial<Filters>) => {
    setFilters({ ...filters, ...patch });
    setPage(1);
  };
  return (
    <section>
      <PageHeader title={title} lead={lead}>
        <ExportButton namespace="auditLog" filename={filename} load={() => loadCsv(input)} onNotice={setNotice} />
      </PageHeader>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <AuditFiltersBar filters={filters} onChange={change} />
      <div className="card">
        {list.error ? (
          <ErrorAlert>{list.error.message}</ErrorAlert>
        ) : !list.data ? (
          <p className="card-message">{common("loading")}</p>
        ) : list.data.results.length === 0 ? (
          <p className="card-message">{t("empty")}</p>
        ) : (
          <AuditTable rows={list.data.results} label={title} />
        )}
        {list.data && list.data.count > PAGE_SIZE && <Pager page={page} pageSize={PAGE_SIZE} count={list.data.count} onPage={setPage} busy={list.isFetching} />}
      </div>
    </section>
  );
}

function AuditFiltersBar({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  const t = useTranslations("auditLog");
  return (
    <div className="toolbar toolbar-wrap audit-filters" role="group" aria-label={t("filters.label")}>
      <FilterSelect
        label={t("filters.action")}
        allLabel={t("filters.allActions")}
        options={AUDIT_ACTIONS.map((value) => ({ value, label: t(`actions.${value}`) }))}
        value={filters.action}
        onChange={(action) => onChange({ action })}
      />
      <label className="inline-field">
        {t("filters.actor")}
        <input type="search" placeholder={t("filters.actorPlaceholder")} value={filters.actor} onChange={(e) => onChange({ actor: e.target.value })} />
      </label>
      <label className="inline-field">
        {t("filters.from")}
        <input type="datetime-local" value={filters.from} onChange={(e) => onChange({ from: e.target.value })} />
      </label>
      <label className="inline-field">
        {t("filters.to")}
        <input type="datetime-local" value={filters.to} onChange={(e) => onChange({ to: e.target.value })} />
      </label>
    </div>
  );
}

/** The records as a list: it wraps rather than scrolls sideways, and is a card a row below 640 px. */
function AuditTable({ rows, label }: { rows: AuditRecord[]; label: string }) {
  const t = useTranslations("auditLog.columns");
  return (
    <ListTable columns={[t("when"), t("who"), t("action"), t("object"), t("change"), t("from")]} rows={rows} label={label}>
      {(r) => <AuditRow key={r.id} record={r} />}
    </ListTable>
  );
}

function isAuditAction(action: string): action is AuditAction {
  const [group, name] = action.split(".");
  const named: Record<string, Record<string, unknown>> = messagesFor("en").auditLog.actions;
  return Object.hasOwn(named, group) && name !== undefined && Object.hasOwn(named[group], name);
}

function AuditRow({ record: r }: { record: AuditRecord }) {
  const t = useTranslations("auditLog");
  const f = useFormat();
  return (
    <tr data-audit-action={r.action}>
      <td className="nowrap">{f.dateTimeSeconds(r.at)}</td>
      <td className="stacked-cell audit-who">
        <span>{r.actor.label}</span>
        <span className="muted">{t(`actorKinds.${r.actor.kind}`)}</span>
      </td>
      <td className="stacked-cell">
        {/* An action the catalogue does not name yet is shown as recorded rather than hidden. */}
        <span>{isAuditAction(r.action) ? t(`actions.${r.action}`) : r.action}</span>
        <span className="muted mono">{r.action}</span>
      </td>
      <td className="stacked-cell">
        {/* Its name, else its kind; the id beneath, for a developer to copy. */}
        <span>{r.target.label ?? r.target.type}</span>
        {r.target.label && <span className="muted mono">{r.target.type}</span>}
        {r.target.id && <IdLine id={r.target.id} />}
      </td>
      <td>
        <Change before={r.before} after={r.after} />
      </td>
      <td className="stacked-cell">
        <span className="mono">{r.source_ip ?? EMPTY}</span>
        {r.user_agent && (
          <span className="muted truncate" title={r.user_agent}>
            {r.user_agent}
          </span>
        )}
      </td>
    </tr>
  );
}

type Fields = AuditRecord["before"];

/** A field's value as a reader sees it: text as is, anything else as compact JSON. */
function shown(value: unknown, none: string): string {
  if (value === undefined || value === null) return none;
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

/** Each recorded field on a line: "name: before → after", or only the side there is (created, deleted). */
function Change({ before, after }: { before: Fields; after: Fields }) {
  const t = useTranslations("auditLog");
  const names = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  if (names.length === 0) return <span className="muted">{t("noChange")}</span>;
  // The values as recorded (an id among them is what was changed, not a name to resolve).
  const side = (fields: Fields, name: string): ReactNode => (
    <span className="mono" data-verbatim="">
      {shown(fields?.[name], t("none"))}
    </span>
  );
  return (
    <ul className="audit-change">
      {names.map((name) => (
        <li key={name}>
          <span className="muted">{name}:</span>{" "}
          {before && after ? (
            <>
              <del>{side(before, name)}</del> → <ins>{side(after, name)}</ins>
            </>
          ) : (
            side(before ?? after, name)
          )}
        </li>
      ))}
    </ul>
  );
}
