"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { useQueryStates } from "nuqs";
import { formatDate } from "../format";
import type { Integration } from "../integrations/integration-types";
import { formatMoney } from "../money";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { EMPTY, NameAndIdCell, TableHead } from "../ui/table";
import { parseAsChoice, parseAsPage, PUSH } from "../url-state";
import { CreatePayrunDialog } from "./explicit-payrun-dialogs";
import { PayrunStatusBadge } from "./payrun-status-badge";
import { PAYRUN_STATUS_OPTIONS, payrunListInput, payrunPath, type Payrun } from "./payrun-types";

const PAGE_SIZE = 25;
/** The list's view in the URL: ?status=&page= */
const VIEW = { status: parseAsChoice(PAYRUN_STATUS_OPTIONS.map((o) => o.value)), page: parseAsPage };

export function PayrunsPage() {
  return <IntegrationScoped what="Payruns">{(integration) => <PayrunsOfIntegration integration={integration} />}</IntegrationScoped>;
}

function PayrunsOfIntegration({ integration }: { integration: Integration }) {
  const [{ status, page }, setView] = useQueryStates(VIEW, PUSH);
  const setPage = (p: number) => void setView({ page: p });
  const list = trpc.payruns.list.useQuery(payrunListInput(page, PAGE_SIZE, status), { placeholderData: (prev) => prev });
  const t = useTranslations("prepayments.payruns");
  const [creating, setCreating] = useState(false);

  return (
    <section>
      <PageHeader
        title="Payruns"
        lead={
          <>
            The batches <strong>{integration.name}</strong> pays, newest first: one open Payrun per currency collects new Payouts until
            it is closed (which issues its <Link href="/invoices">Invoice</Link>) or paid.
          </>
        }
      >
        {integration.payrun_management && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            {t("newPayrun")}
          </button>
        )}
      </PageHeader>
      {creating && <CreatePayrunDialog currency={integration.currency} onClose={() => setCreating(false)} />}

      <div className="toolbar toolbar-wrap" role="search">
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={PAYRUN_STATUS_OPTIONS}
          value={status}
          onChange={(value) => void setView({ status: value, page: null })}
        />
      </div>

      <PagedListCard
        query={list}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        empty={status ? "No Payruns with this status." : "No Payruns yet: the first Payout opens one."}
      >
        {(payruns) => (
          <div className="table-scroll">
            <PayrunsTable payruns={payruns} />
          </div>
        )}
      </PagedListCard>
    </section>
  );
}

const COLUMNS = ["Payrun", "Status", "Currency", "Price", "Payouts", "Created", "Paid"];

function PayrunsTable({ payruns }: { payruns: Payrun[] }) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} />
      <tbody>
        {payruns.map((p) => (
          <tr key={p.id}>
            <NameAndIdCell name={p.name ?? `${p.currency} Payrun of ${formatDate(p.created_at)}`} id={p.id} href={payrunPath(p.id)} />
            <td>
              <PayrunStatusBadge status={p.latest_status} />
            </td>
            <td>{p.currency}</td>
            <td className="num">{formatMoney(p.price)}</td>
            <td className="num">{p.payout_count}</td>
            <td className="nowrap">{formatDate(p.created_at)}</td>
            <td className="nowrap">{p.paid_at ? formatDate(p.paid_at) : EMPTY}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
