"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { NameAndIdCell } from "../ui/table";
import { usePageParam } from "../url-state";
import { CreatePrepaymentDialog, NEW_PREPAYMENT_DRAFT } from "./prepayment-form";
import { useDraftDialog } from "../ui/draft-scope";
import { PrepaymentStatusBadge } from "./prepayment-status-badge";
import { prepaymentPath, type Prepayment } from "./prepayment-types";
import { useScopedPath } from "../shell/use-scoped-path";

const PAGE_SIZE = 25;

export const PrepaymentsPage = integrationScoped((t) => t("prepayments.title"), PrepaymentsOfIntegration);

function PrepaymentsOfIntegration({ integration }: { integration: Integration }) {
  const t = useTranslations("prepayments");
  const [page, setPage] = usePageParam();
  const [creating, setCreating] = useState(false);
  useDraftDialog(NEW_PREPAYMENT_DRAFT, () => setCreating(true));
  const list = trpc.prepayments.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });
  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead", { integration: integration.name })}>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t("newPrepayment")}
        </button>
      </PageHeader>
      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("empty")} scroll>
        {(rows) => <PrepaymentsTable prepayments={rows} />}
      </PagedListCard>
      {creating && <CreatePrepaymentDialog currency={integration.currency} onClose={() => setCreating(false)} />}
    </section>
  );
}

function PrepaymentsTable({ prepayments }: { prepayments: Prepayment[] }) {
  const t = useTranslations("prepayments.columns");
  const scoped = useScopedPath();
  const f = useFormat();
  return (
    <ListTable columns={[t("prepayment"), t("status"), t("net"), t("available"), t("created")]} rows={prepayments}>
      {(p) => (
        <tr key={p.id}>
          <NameAndIdCell name={p.description} id={p.id} href={scoped(prepaymentPath(p.id))} />
          <td>
            <PrepaymentStatusBadge status={p.status} />
          </td>
          <td className="num">{f.money(p.net_amount, p.currency)}</td>
          <td className="num">{f.money(p.available_balance, p.currency)}</td>
          <td className="nowrap">{f.date(p.created_at)}</td>
        </tr>
      )}
    </ListTable>
  );
}
