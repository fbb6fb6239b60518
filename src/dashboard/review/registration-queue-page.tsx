"use client";

import { parseAsStringLiteral, useQueryStates } from "nuqs";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { reviewPath, type ReviewItem, type ReviewStatus } from "../registrations/registration-types";
import { ReviewStatusBadge } from "../registrations/review-status-badge";
import { RoleGate } from "../shell/role-gate";
import { trpc, type Environment } from "../trpc";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { SearchField } from "../ui/search-field";
import { NameAndIdCell, TableHead } from "../ui/table";
import { Tabs } from "../ui/tabs";
import { ENVIRONMENTS, parseAsChoice, parseAsPage, parseAsText, PUSH, REPLACE } from "../url-state";
import { useDebouncedValue } from "../use-debounced-value";
import { EnvironmentBadge } from "./environment-badge";

const PAGE_SIZE = 25;

type StatusTab = ReviewStatus | "all";

const TABS: readonly StatusTab[] = ["pending", "rejected", "approved", "all"];

function parseEnvironment(value: string): Environment | "" {
  return value === "live" || value === "demo" ? value : "";
}

/** The queue's view in the URL: ?status=&env=&q=&page= (the pending tab is the default). */
const VIEW = {
  status: parseAsStringLiteral(TABS).withDefault("pending"),
  env: parseAsChoice(ENVIRONMENTS),
  q: parseAsText,
  page: parseAsPage,
};

/** The review team's queue of Registrations from every account, oldest first. */
export function RegistrationQueuePage() {
  const t = useTranslations("review.registrations");
  return (
    <RoleGate role="operator" otherwise={t("operatorOnly")}>
      <RegistrationQueue />
    </RoleGate>
  );
}

function RegistrationQueue() {
  const [{ status, env: environment, q: search, page }, setView] = useQueryStates(VIEW, PUSH);
  const setPage = (p: number) => void setView({ page: p });
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
      <PageHeader
        title={t("title")}
        lead={t("lead")}
      />

      <div className="toolbar toolbar-wrap" role="search">
        <SearchField
          placeholder={t("searchPlaceholder")}
          value={search}
          onChange={(value) => void setView({ q: value, page: null }, REPLACE)}
        />
        <label className="inline-field">
          {t("environment")}
          <select
            value={environment}
            onChange={(e) => void setView({ env: parseEnvironment(e.target.value), page: null })}
          >
            <option value="">{t("bothEnvironments")}</option>
            <option value="live">{env("live")}</option>
            <option value="demo">{env("demo")}</option>
          </select>
        </label>
      </div>

      <Tabs
        label={t("status")}
        options={TABS.map((tab) => ({ value: tab, label: t(`tabs.${tab}`) }))}
        value={status}
        onChange={(tab) => void setView({ status: tab, page: null })}
      >
        <PagedListCard query={queue} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={filtered ? t("noMatch") : t(`empty.${status}`)}>
          {(items) => (
            <div className="table-scroll">
              <QueueTable items={items} />
            </div>
          )}
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
    <table className="table">
      <TableHead columns={COLUMNS.map((c) => t(`columns.${c}`))} />
      <tbody>
        {items.map(({ pk, registration: r, account, environment, status }) => (
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
        ))}
      </tbody>
    </table>
  );
}
