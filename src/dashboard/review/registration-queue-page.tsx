"use client";

import { useState } from "react";
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

/** The review team's queue of Registrations from every account, oldest first. */
export function RegistrationQueuePage() {
  return (
    <RoleGate role="operator" otherwise="Registration review is for the Payroute review team.">
      <RegistrationQueue />
    </RoleGate>
  );
}

function RegistrationQueue() {
  const [status, setStatus] = useState<StatusTab>("pending");
  const [environment, setEnvironment] = useState<Environment | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
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
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <label className="inline-field">
          Environment
          <select
            value={environment}
            onChange={(e) => {
              setEnvironment(parseEnvironment(e.target.value));
              setPage(1);
            }}
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
        onChange={(tab) => {
          setStatus(tab);
          setPage(1);
        }}
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
