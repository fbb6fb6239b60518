"use client";

import { useTranslations } from "use-intl";
import { useInvoiceLabel } from "./invoice-label";
import { useFormat } from "../i18n/use-format";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { ListTable } from "../ui/list-table";
import { EMPTY, NameAndIdCell } from "../ui/table";
import { parseAsChoice, useListView } from "../url-state";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { INVOICE_STATUSES, invoicePath, type Invoice } from "./invoice-types";
import { useScopedPath } from "../shell/use-scoped-path";

const PAGE_SIZE = 25;
/** The list's filter in the URL: ?status= (and ?page=), like every other list. */
const FILTERS = { status: parseAsChoice(INVOICE_STATUSES) };

export const InvoicesPage = integrationScoped((t) => t("invoices.title"), InvoicesOfIntegration);

function InvoicesOfIntegration({ integration }: { integration: Integration }) {
  const t = useTranslations("invoices");
  const statusFilter = useTranslations("common.statusFilter");
  const { view, page, setPage, filter } = useListView(FILTERS);
  const { status } = view;
  const list = trpc.invoices.list.useQuery({ page, page_size: PAGE_SIZE, ...(status ? { status } : {}) }, { placeholderData: (prev) => prev });
  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, b: (chunks) => <strong>{chunks}</strong> })} />
      <div className="toolbar toolbar-wrap" role="search">
        <FilterSelect
          label={statusFilter("label")}
          allLabel={statusFilter("all")}
          options={INVOICE_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          value={status}
          onChange={(value) => filter({ status: value })}
        />
      </div>
      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={status ? t("emptyFiltered") : t("empty")} scroll>
        {(invoices) => <InvoicesTable invoices={invoices} />}
      </PagedListCard>
    </section>
  );
}

function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  const t = useTranslations("invoices");
  const scoped = useScopedPath();
  const f = useFormat();
  const invoiceLabel = useInvoiceLabel();
  const columns = (["invoice", "status", "total", "due", "dueDate", "issued"] as const).map((c) => t(`columns.${c}`));
  return (
    <ListTable columns={columns} rows={invoices}>
      {(i) => (
        <tr key={i.id}>
          <NameAndIdCell name={invoiceLabel(i)} id={i.id} href={scoped(invoicePath(i.id))} />
          <td>
            <InvoiceStatusBadge status={i.status} />
          </td>
          <td className="num">{f.money(i.total, i.currency)}</td>
          <td className="num">{f.money(i.amount_due, i.currency)}</td>
          <td className="nowrap">{i.due_date ? f.day(i.due_date) : EMPTY}</td>
          <td className="nowrap">{i.issued_at ? f.date(i.issued_at) : EMPTY}</td>
        </tr>
      )}
    </ListTable>
  );
}
