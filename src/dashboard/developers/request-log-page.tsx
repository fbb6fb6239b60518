"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { AdminGate } from "../settings/admin-gate";
import { DemoClockPanel } from "./demo-clock-panel";
import { trpc, type RouterInputs, type RouterOutputs } from "../trpc";
import { useDebouncedValue } from "../use-debounced-value";
import { ErrorAlert } from "../ui/alert";
import { DetailRow } from "../ui/detail-rows";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { ListTable } from "../ui/list-table";
import { DetailsToggle, EMPTY, ExpandedRow } from "../ui/table";

type Entry = RouterOutputs["requestLogs"]["list"]["results"][number];
type ListInput = RouterInputs["requestLogs"]["list"];

const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
type StatusClass = (typeof STATUS_CLASSES)[number];
type Method = (typeof METHODS)[number];

interface Filters {
  status: StatusClass | "";
  method: Method | "";
  path: string;
  key: string;
  from: string;
  to: string;
}

const NO_FILTERS: Filters = { status: "", method: "", path: "", key: "", from: "", to: "" };

/** Developers → Logs: the account's /v2/ requests in this environment, newest first; find one by its request id. Admins only. */
export function RequestLogPage() {
  const t = useTranslations("requestLog");
  return (
    <>
      <DemoClockPanel />
      <AdminGate what={t("what")}>
        <RequestLog />
      </AdminGate>
    </>
  );
}

function RequestLog() {
  const t = useTranslations("requestLog");
  const [typed, setTyped] = useState("");
  const [found, setFound] = useState<string | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  function find(e: FormEvent) {
    e.preventDefault();
    setFound(typed.trim() || null);
  }
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")} />
      <form className="toolbar toolbar-wrap" role="search" onSubmit={find}>
        <label className="inline-field">
          {t("requestId")}
          <input
            type="search"
            className="toolbar-search mono"
            name="request_id"
            placeholder={t("requestIdPlaceholder")}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
        <button type="submit" className="button">
          {t("find")}
        </button>
        {found && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setFound(null);
              setTyped("");
            }}
          >
            {t("clearFind")}
          </button>
        )}
      </form>
      {found ? (
        <FoundRequests requestId={found} />
      ) : (
        <>
          <LogFilters filters={filters} onChange={(patch) => setFilters({ ...filters, ...patch })} />
          <RequestList filters={filters} />
        </>
      )}
    </section>
  );
}

function LogFilters({ filters, onChange }: { filters: Filters; onChange: (patch: Partial<Filters>) => void }) {
  const t = useTranslations("requestLog.filters");
  const keys = trpc.apiKeys.list.useQuery();
  return (
    <div className="toolbar toolbar-wrap" role="group" aria-label={t("label")}>
      <FilterSelect
        label={t("status")}
        allLabel={t("allStatuses")}
        options={STATUS_CLASSES.map((value) => ({ value, label: value }))}
        value={filters.status}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label={t("method")}
        allLabel={t("allMethods")}
        options={METHODS.map((value) => ({ value, label: value }))}
        value={filters.method}
        onChange={(method) => onChange({ method })}
      />
      <label className="inline-field">
        {t("path")}
        <input type="text" className="mono" placeholder="/v2/employees/" value={filters.path} onChange={(e) => onChange({ path: e.target.value })} />
      </label>
      <FilterSelect
        label={t("key")}
        allLabel={t("allKeys")}
        options={(keys.data ?? []).map((k) => ({ value: k.pk, label: `${k.prefix}… (${k.environment})` }))}
        value={filters.key}
        onChange={(key) => onChange({ key })}
      />
      <label className="inline-field">
        {t("from")}
        <input type="datetime-local" value={filters.from} onChange={(e) => onChange({ from: e.target.value })} />
      </label>
      <label className="inline-field">
        {t("to")}
        <input type="datetime-local" value={filters.to} onChange={(e) => onChange({ to: e.target.value })} />
      </label>
    </div>
  );
}

/** A `datetime-local` value (the reader's time zone) as an instant, or undefined when empty or unreadable. */
function instant(local: string): string | undefined {
  if (!local) return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

function listInput(filters: Filters, path: string): Omit<ListInput, "cursor"> {
  return {
    status_class: filters.status || undefined,
    method: filters.method || undefined,
    path: path.trim() || undefined,
    api_key: filters.key || undefined,
    created_gte: instant(filters.from),
    created_lt: instant(filters.to),
  };
}

function RequestList({ filters }: { filters: Filters }) {
  const t = useTranslations("requestLog");
  const common = useTranslations("common");
  const path = useDebouncedValue(filters.path);
  const list = trpc.requestLogs.list.useInfiniteQuery(listInput(filters, path), { getNextPageParam: (last) => last.next_cursor ?? undefined });
  const rows = list.data?.pages.flatMap((p) => p.results);
  return (
    <div className="card">
      {list.error ? (
        <ErrorAlert>{list.error.message}</ErrorAlert>
      ) : !rows ? (
        <p className="card-message">{common("loading")}</p>
      ) : rows.length === 0 ? (
        <p className="card-message">{t("empty")}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="group" aria-label={t("title")}>
          <RequestTable rows={rows} />
        </div>
      )}
      {list.hasNextPage && (
        <div className="toolbar">
          <button type="button" className="button" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? t("loading") : t("older")}
          </button>
        </div>
      )}
    </div>
  );
}

/** The requests a client's X-Request-ID names (usually one), opened at once. */
function FoundRequests({ requestId }: { requestId: string }) {
  const t = useTranslations("requestLog");
  const common = useTranslations("common");
  const found = trpc.requestLogs.find.useQuery({ request_id: requestId });
  return (
    <div className="card">
      {found.error ? (
        <ErrorAlert>{found.error.message}</ErrorAlert>
      ) : !found.data ? (
        <p className="card-message">{common("loading")}</p>
      ) : found.data.results.length === 0 ? (
        <p className="card-message">{t("foundNone", { id: requestId })}</p>
      ) : (
        <div className="table-scroll" tabIndex={0} role="group" aria-label={t("title")}>
          <RequestTable rows={found.data.results} open />
        </div>
      )}
    </div>
  );
}

const COLUMN_COUNT = 6;

function RequestTable({ rows, open = false }: { rows: Entry[]; open?: boolean }) {
  const t = useTranslations("requestLog.columns");
  return (
    <ListTable columns={[t("time"), t("request"), t("status"), t("duration"), t("caller")]} actions rows={rows}>
      {(r) => <RequestRows key={r.pk} entry={r} initiallyOpen={open} />}
    </ListTable>
  );
}

function statusTone(status: number): string {
  return status >= 500 ? "badge badge-danger" : status >= 400 ? "badge badge-warning" : "badge badge-success";
}

function RequestRows({ entry: r, initiallyOpen }: { entry: Entry; initiallyOpen: boolean }) {
  const t = useTranslations("requestLog");
  const f = useFormat();
  const [open, setOpen] = useState(initiallyOpen);
  const detailId = useId();
  const when = f.dateTimeSeconds(r.created_at);
  return (
    <>
      <tr data-request-id={r.request_id}>
        <td className="nowrap">{when}</td>
        <td className="stacked-cell">
          <span className="mono" data-verbatim="">
            {r.method} {r.path}
          </span>
          <span className="muted mono" data-id="">
            {r.request_id}
          </span>
        </td>
        <td>
          <span className={statusTone(r.status)}>{r.status}</span>
        </td>
        <td className="nowrap">{f.duration(r.duration_ms)}</td>
        <td>
          <Caller entry={r} />
        </td>
        <td className="actions">
          <DetailsToggle open={open} controls={detailId} label={t("detailsOf", { method: r.method, path: r.path, when })} onToggle={setOpen}>
            {open ? t("hide") : t("details")}
          </DetailsToggle>
        </td>
      </tr>
      <ExpandedRow open={open} id={detailId} columns={COLUMN_COUNT}>
        <RequestDetail entry={r} />
      </ExpandedRow>
    </>
  );
}

function Caller({ entry: r }: { entry: Entry }) {
  const t = useTranslations("requestLog");
  if (r.actor.api_key) return <span className="mono">{r.actor.api_key.prefix}…</span>;
  if (r.actor.user) return <span>{t("session", { name: r.actor.user.name || r.actor.user.email })}</span>;
  return <span className="muted">{t("unknownCaller")}</span>;
}

/** What the log kept of one request: its headers of note and, for a failed one, both bodies (secrets redacted by the server). */
function RequestDetail({ entry: r }: { entry: Entry }) {
  const t = useTranslations("requestLog.detail");
  const common = useTranslations("common");
  const detail = trpc.requestLogs.get.useQuery({ pk: r.pk }, { enabled: r.has_bodies });
  const id = useId();
  return (
    <div className="delivery-detail-body">
      <dl className="details">
        <DetailRow label={t("route")}>
          <span className="mono">{r.route ?? EMPTY}</span>
        </DetailRow>
        <DetailRow label={t("requestId")}>
          <span className="mono">{r.request_id}</span>
        </DetailRow>
        <DetailRow label={t("idempotencyKey")}>
          <span className="mono">{r.idempotency_key ?? EMPTY}</span>
        </DetailRow>
        <DetailRow label={t("clientIp")}>
          <span className="mono">{r.client_ip}</span>
        </DetailRow>
        <DetailRow label={t("userAgent")}>{r.user_agent ?? EMPTY}</DetailRow>
      </dl>
      {!r.has_bodies ? (
        <p className="muted">{t("bodiesOnlyOnFailure")}</p>
      ) : detail.error ? (
        <ErrorAlert>{detail.error.message}</ErrorAlert>
      ) : !detail.data ? (
        <p className="muted">{common("loading")}</p>
      ) : (
        <>
          <div role="group" aria-labelledby={`${id}-request`}>
            <h3 className="card-title" id={`${id}-request`}>
              {t("requestBody")}
            </h3>
            <pre className="metadata payload" data-testid="request-body">
              {pretty(detail.data.request_body) ?? t("noBody")}
            </pre>
          </div>
          <div role="group" aria-labelledby={`${id}-response`}>
            <h3 className="card-title" id={`${id}-response`}>
              {t("responseBody")}
            </h3>
            <pre className="metadata payload" data-testid="response-body">
              {pretty(detail.data.response_body) ?? t("noBody")}
            </pre>
          </div>
        </>
      )}
    </div>
  );
}

/** A stored body indented when it is JSON (it may have been cut short: then as it is). */
function pretty(body: string | null): string | null {
  if (body === null) return null;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
