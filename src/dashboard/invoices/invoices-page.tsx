"use client";

import { useState } from "react";
import { formatDate } from "../format";
import type { Integration } from "../integrations/integration-types";
import { formatMoney } from "../money";
import { IntegrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { PagedListCard } from "../ui/query-card";
import { EMPTY, NameAndIdCell, TableHead } from "../ui/table";
import { InvoiceStatusBadge } from "./invoice-status-badge";
import { INVOICE_STATUS_OPTIONS, invoicePath, type Invoice, type InvoiceStatus } from "./invoice-types";

const PAGE_SIZE = 25;

export function InvoicesPage() {
  return <IntegrationScoped what="Invoices">{(integration) => <InvoicesOfIntegration integration={integration} />}</IntegrationScoped>;
}

function InvoicesOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<InvoiceStatus | "">("");
  const list = trpc.invoices.list.useQuery({ page, page_size: PAGE_SIZE, ...(status ? { status } : {}) }, { placeholderData: (prev) => prev });
  return (
    <section>
      <PageHeader
        title="Invoices"
        lead={
          <>
            What <strong>{integration.name}</strong> is billed, newest first: each Payrun&apos;s Invoice is issued when the Payrun is closed.
          </>
        }
      />
      <div className="toolbar toolbar-wrap" role="search">
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={INVOICE_STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPage(1);
          }}
        />
      </div>
      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={status ? "No Invoices with this status." : "No Invoices yet."}>
        {(invoices) => (
          <div className="table-scroll">
            <InvoicesTable invoices={invoices} />
          </div>
        )}
      </PagedListCard>
    </section>
  );
}

const COLUMNS = ["Invoice", "Status", "Total", "Amount due", "Due", "Issued"];

function InvoicesTable({ invoices }: { invoices: Invoice[] }) {
  return (
    <table className="table">
      <TableHead columns={COLUMNS} />
      <tbody>
        {invoices.map((i) => (
          <tr key={i.id}>
            <NameAndIdCell name={i.invoice_number ? `Invoice ${i.invoice_number}` : `Pro-forma of ${formatDate(i.created_at)}`} id={i.id} href={invoicePath(i.id)} />
            <td>
              <InvoiceStatusBadge status={i.status} />
            </td>
            <td className="num">
              {formatMoney(i.total)} {i.currency}
            </td>
            <td className="num">{formatMoney(i.amount_due)}</td>
            <td className="nowrap">{i.due_date ?? EMPTY}</td>
            <td className="nowrap">{i.issued_at ? formatDate(i.issued_at) : EMPTY}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
