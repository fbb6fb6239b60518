"use client";

import Link from "next/link";
import { useState } from "react";
import { useTranslations } from "use-intl";
import type { Integration } from "../integrations/integration-types";
import { useFormat } from "../i18n/use-format";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell } from "../ui/table";
import { parseAsChoice, useListView } from "../url-state";
import { CreatePayrunDialog, NEW_PAYRUN_DRAFT } from "./explicit-payrun-dialogs";
import { useDraftDialog } from "../ui/draft-scope";
import { PayrunStatusBadge } from "./payrun-status-badge";
import { usePayrunLabel } from "./payrun-label";
import { PAYRUN_STATUSES, payrunListInput, payrunPath, type Payrun } from "./payrun-types";
import { useScopedPath } from "../shell/use-scoped-path";

const PAGE_SIZE = 25;
/** The list's filter in the URL: ?status= (and ?page=) */
const FILTERS = { status: parseAsChoice(PAYRUN_STATUSES) };

export const PayrunsPage = integrationScoped((t) => t("payruns.title"), PayrunsOfIntegration);

function PayrunsOfIntegration({ integration }: { integration: Integration }) {
  const { view, page, setPage, filter } = useListView(FILTERS);
  const { status } = view;
  const list = trpc.payruns.list.useQuery(payrunListInput(page, PAGE_SIZE, status), { placeholderData: (prev) => prev });
  const t = useTranslations("payruns");
  const explicit = useTranslations("prepayments.payruns");
  const statusFilter = useTranslations("common.statusFilter");
  const [creating, setCreating] = useState(false);
  // Only an Integration that manages its Payruns has the button, and so the dialog to open again.
  useDraftDialog(integration.payrun_management ? NEW_PAYRUN_DRAFT : undefined, () => setCreating(true));

  return (
    <section>
      <PageHeader
        title={t("title")}
        lead={t.rich("lead", {
          integration: integration.name,
          b: (chunks) => <strong>{chunks}</strong>,
          invoices: (chunks) => <Link href="/invoices">{chunks}</Link>,
        })}
      >
        {integration.payrun_management && (
          <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
            {explicit("newPayrun")}
          </button>
        )}
      </PageHeader>
      {creating && <CreatePayrunDialog currency={integration.currency} onClose={() => setCreating(false)} />}

      <div className="toolbar toolbar-wrap" role="search">
        <FilterSelect
          label={statusFilter("label")}
          allLabel={statusFilter("all")}
          options={PAYRUN_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={status}
          onChange={(value) => filter({ status: value })}
        />
      </div>

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={status ? t("emptyFiltered") : t("empty")} scroll>
        {(payruns) => <PayrunsTable payruns={payruns} />}
      </PagedListCard>
    </section>
  );
}

function PayrunsTable({ payruns }: { payruns: Payrun[] }) {
  const t = useTranslations("payruns");
  const scoped = useScopedPath();
  const f = useFormat();
  const payrunLabel = usePayrunLabel();
  const columns = (["payrun", "status", "price", "payouts", "created", "paid"] as const).map((c) => t(`columns.${c}`));
  return (
    <ListTable columns={columns} rows={payruns}>
      {(p) => (
        <tr key={p.id}>
          <NameAndIdCell name={payrunLabel(p)} id={p.id} href={scoped(payrunPath(p.id))} />
          <td>
            <PayrunStatusBadge status={p.latest_status} />
          </td>
          <td className="num">{f.money(p.price, p.currency)}</td>
          <td className="num">{f.count(p.payout_count)}</td>
          <td className="nowrap">{f.date(p.created_at)}</td>
          <td className="nowrap">{p.paid_at ? f.date(p.paid_at) : EMPTY}</td>
        </tr>
      )}
    </ListTable>
  );
}
