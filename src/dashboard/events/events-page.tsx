"use client";

import { parseAsArrayOf, parseAsString } from "nuqs";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { AdminGate } from "../settings/admin-gate";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { ListTable } from "../ui/list-table";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { RowButton } from "../ui/table";
import { parseAsText, REPLACE, useListView } from "../url-state";
import { useQueryState } from "nuqs";
import { EventDetailDialog } from "./event-detail";
import { EventTypeFilter } from "./event-type-filter";
import { EVENT_PAGE_SIZE, instantOf } from "./event-types";

/** The list's filters in the URL, as the API names them: ?type=a,b&object_id=&after=&before= (and ?page=). */
const FILTERS = { type: parseAsArrayOf(parseAsString).withDefault([]), object_id: parseAsText, after: parseAsText, before: parseAsText };

/** Developers → Events: the recorded events of this environment and Integration (GET /v2/events/), for admins. */
export const EventsPage = integrationScoped((t) => t("events.title"), EventsOfIntegration);

function EventsOfIntegration({ integration }: { integration: Integration }) {
  const t = useTranslations("events");
  return (
    <AdminGate what={t("what")}>
      <EventList integration={integration} />
    </AdminGate>
  );
}

function EventList({ integration }: { integration: Integration }) {
  const t = useTranslations("events");
  const f = useFormat();
  const { view, page, setPage, filter } = useListView(FILTERS);
  // The open event is in the URL too, so that a link shows it.
  const [open, setOpen] = useQueryState("event", parseAsString.withOptions(REPLACE));
  const catalogue = trpc.webhooks.events.useQuery(undefined, { staleTime: Infinity });
  const list = trpc.events.list.useQuery(
    {
      page,
      page_size: EVENT_PAGE_SIZE,
      type: view.type.length ? view.type : undefined,
      object_id: view.object_id.trim() || undefined,
      created_at_after: instantOf(view.after),
      created_at_before: instantOf(view.before),
    },
    { placeholderData: (prev) => prev },
  );
  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, strong: (chunks) => <strong>{chunks}</strong> })} />
      <div className="toolbar toolbar-wrap" role="search" aria-label={t("filters.label")}>
        {catalogue.data && <EventTypeFilter catalogue={catalogue.data} value={view.type} onChange={(type) => filter({ type })} />}
        <ObjectIdFilter value={view.object_id} onChange={(object_id) => filter({ object_id })} />
        <label className="inline-field">
          {t("filters.after")}
          <input type="datetime-local" value={view.after} onChange={(e) => filter({ after: e.target.value })} />
        </label>
        <label className="inline-field">
          {t("filters.before")}
          <input type="datetime-local" value={view.before} onChange={(e) => filter({ before: e.target.value })} />
        </label>
      </div>
      <PagedListCard query={list} page={page} pageSize={EVENT_PAGE_SIZE} onPage={setPage} empty={t("none")}>
        {(events) => (
          <div className="table-scroll">
            <ListTable columns={[t("columns.created"), t("columns.type"), t("columns.object")]} actions rows={events}>
              {(e) => (
                <tr key={e.id} data-event={e.id}>
                  <td className="nowrap">{f.dateTimeSeconds(e.created_at)}</td>
                  <td className="mono">{e.type}</td>
                  <td>
                    {/* The id the object filter above takes: what a developer copies from this log. */}
                    <span className="mono" data-id="">
                      {e.object_id}
                    </span>
                  </td>
                  <td className="actions">
                    <RowButton label={t("view")} subject={`${e.type} ${e.object_id}`} onClick={() => void setOpen(e.id)} />
                  </td>
                </tr>
              )}
            </ListTable>
          </div>
        )}
      </PagedListCard>
      {open && <EventDetailDialog eventId={open} onClose={() => void setOpen(null)} />}
    </section>
  );
}

/** The object id filter is applied on Enter or "Filter", not per key (each is an API id typed or pasted whole). */
function ObjectIdFilter({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const t = useTranslations("events.filters");
  const [typed, setTyped] = useState(value);
  function submit(e: FormEvent) {
    e.preventDefault();
    onChange(typed.trim());
  }
  return (
    <form className="inline-form" onSubmit={submit}>
      <label className="inline-field">
        {t("objectId")}
        <input type="search" className="mono" value={typed} placeholder={t("objectIdPlaceholder")} onChange={(e) => setTyped(e.target.value)} />
      </label>
      <button type="submit" className="button">
        {t("apply")}
      </button>
    </form>
  );
}
