"use client";

import { parseAsStringLiteral } from "nuqs";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { reviewPath, type ReviewItem, type ReviewStatus } from "../registrations/registration-types";
import { ReviewStatusBadge } from "../registrations/review-status-badge";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { SearchField } from "../ui/search-field";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell } from "../ui/table";
import { Tabs } from "../ui/tabs";
import { ENVIRONMENTS, parseAsChoice, parseAsText, useListView } from "../url-state";
import { useDebouncedValue } from "../use-debounced-value";
import { EnvironmentBadge } from "./environment-badge";

const PAGE_SIZE = 25;

type StatusTab = ReviewStatus | "all";

const TABS: readonly StatusTab[] = ["pending", "rejected", "approved", "all"];

/** The queue's view in the URL: ?status=&env=&q=&page= (the pending tab is the default). */
const FILTERS = { status: parseAsStringLiteral(TABS).withDefault("pending"), env: parseAsChoice(ENVIRONMENTS), q: parseAsText };

/** The review team's queue of Registrations from every account, oldest first. */
export const RegistrationQueuePage = roleGated("operator", (t) => t("review.registrations.operatorOnly"), RegistrationQueue);

function RegistrationQueue() {
  const { view, page, setPage, filter } = useListView(FILTERS);
  const { status, env: environment, q: search } = view;
  const term = useDebouncedValue(search.trim());
  const queue = trpc.registrations.review.queue.useQuery(
    { status, page, page_size: PAGE_SIZE, ...(environment ? { environment } : {}), ...(term ? { search: term } : {}) },
    { placeholderData: (prev) => prev },
  );
  const filtered = environment !== "" || term !== "";
  const t = useTranslations("review.registrations");
  const env = useTranslations("shell.environment");

  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")} />

      <div className="toolbar toolbar-wrap" role="search">
        <SearchField placeholder={t("searchPlaceholder")} value={search} onChange={(q) => filter({ q })} />
        <FilterSelect
          label={t("environment")}
          allLabel={t("bothEnvironments")}
          options={ENVIRONMENTS.map((value) => ({ value, label: env(value) }))}
          value={environment}
          onChange={(value) => filter({ env: value })}
        />
      </div>

      <Tabs
        label={t("status")}
        options={TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
        value={status}
        onChange={(tab) => filter({ status: tab })}
      >
        <PagedListCard query={queue} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={filtered ? t("noMatch") : t(`empty.${status}`)} scroll>
          {(items) => <QueueTable items={items} />}
        </PagedListCard>
      </Tabs>
    </section>
  );
}

const COLUMNS = ["registration", "registeredName", "country", "account", "status", "submitted"] as const;

function QueueTable({ items }: { items: ReviewItem[] }) {
  const t = useTranslations("review.registrations");
  const f = useFormat();
  return (
    <ListTable columns={COLUMNS.map((c) => t(`columns.${c}`))} rows={items}>
      {({ pk, registration: r, account, environment, status }) => (
        <tr key={pk}>
          <NameAndIdCell name={r.friendly_name} id={r.id} href={reviewPath(pk)} />
          <td>{r.registered_name}</td>
          <td title={f.country(r.country)}>{r.country}</td>
          <td className="stacked-cell">
            <span>{account.name}</span>
            <span>
              <EnvironmentBadge environment={environment} />
            </span>
          </td>
          <td>
            <ReviewStatusBadge status={status} />
          </td>
          <td className="nowrap">{f.dateTime(r.created_at)}</td>
        </tr>
      )}
    </ListTable>
  );
}
