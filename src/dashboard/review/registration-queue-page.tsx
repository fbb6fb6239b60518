"use client";

import { parseAsStringLiteral, useQueryStates } from "nuqs";
import { countryLabel } from "../employees/countries";
import { formatDateTime } from "../format";
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

const TABS: { value: StatusTab; label: string }[] = [
  { value: "pending", label: "Pending" },
  { value: "rejected", label: "Rejected" },
  { value: "approved", label: "Approved" },
  { value: "all", label: "All" },
];

const EMPTY_TEXT: Record<StatusTab, string> = {
  pending: "No Registrations wait for review.",
  rejected: "No rejected Registrations wait for their registrant.",
  approved: "No approved Registrations.",
  all: "No Registrations.",
};

function parseEnvironment(value: string): Environment | "" {
  return value === "live" || value === "demo" ? value : "";
}

/** The queue's view in the URL: ?status=&env=&q=&page= (the pending tab is the default). */
const VIEW = {
  status: parseAsStringLiteral(TABS.map((t) => t.value)).withDefault("pending"),
  env: parseAsChoice(ENVIRONMENTS),
  q: parseAsText,
  page: parseAsPage,
};

/** The review team's queue of Registrations from every account, oldest first. */
export function RegistrationQueuePage() {
  return (
    <RoleGate role="operator" otherwise="Registration review is for the Payroute review team.">
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

  return (
    <section>
      <PageHeader
        title="Registration review"
        lead="Companies that asked to become Integrations, oldest first. Check each field, then approve or reject with a reason the registrant reads."
      />

      <div className="toolbar toolbar-wrap" role="search">
        <SearchField
          placeholder="Name, TIN, VAT, email or id"
          value={search}
          onChange={(value) => void setView({ q: value, page: null }, REPLACE)}
        />
        <label className="inline-field">
          Environment
          <select
            value={environment}
            onChange={(e) => void setView({ env: parseEnvironment(e.target.value), page: null })}
          >
            <option value="">Live and demo</option>
            <option value="live">Live</option>
            <option value="demo">Demo</option>
          </select>
        </label>
      </div>

      <Tabs
        label="Status"
        options={TABS}
        value={status}
        onChange={(tab) => void setView({ status: tab, page: null })}
      >
        <PagedListCard query={queue} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={filtered ? "No Registrations match these filters." : EMPTY_TEXT[status]}>
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

const COLUMNS = ["Registration", "Registered name", "Country", "Account", "Status", "Submitted"];

function QueueTable({ items }: { items: ReviewItem[] }) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} />
      <tbody>
        {items.map(({ pk, registration: r, account, environment, status }) => (
          <tr key={pk}>
            <NameAndIdCell name={r.friendly_name} id={r.id} href={reviewPath(pk)} />
            <td>{r.registered_name}</td>
            <td title={countryLabel(r.country)}>{r.country}</td>
            <td className="stacked-cell">
              <span>{account.name}</span>
              <span>
                <EnvironmentBadge environment={environment} />
              </span>
            </td>
            <td>
              <ReviewStatusBadge status={status} />
            </td>
            <td className="nowrap">{formatDateTime(r.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
