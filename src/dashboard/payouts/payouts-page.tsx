"use client";

import { useId, useState } from "react";
import { EmployeeCombobox, type EmployeeChoice } from "../employees/employee-combobox";
import type { Integration } from "../integrations/integration-types";
import { IntegrationScoped } from "../shell/integration-scoped";
import { Notice, type NoticeValue } from "../ui/notice";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { SearchField } from "../ui/search-field";
import { useDebouncedValue } from "../use-debounced-value";
import { CreatePayoutDialog } from "./create-payout-dialog";
import { PayoutList } from "./payout-list";
import { PayoutTotals } from "./payout-totals";
import { NO_PAYOUT_FILTERS, PAYOUT_STATUS_OPTIONS, type PayoutListFilters } from "./payout-types";

export function PayoutsPage() {
  return <IntegrationScoped what="Payouts">{(integration) => <PayoutsOfIntegration integration={integration} />}</IntegrationScoped>;
}

function PayoutsOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<PayoutListFilters>(NO_PAYOUT_FILTERS);
  const [employee, setEmployee] = useState<EmployeeChoice | null>(null);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const search = useDebouncedValue(filters.search);
  const shown = { ...filters, search };
  const filtered = filters.search.trim() !== "" || filters.status !== "" || filters.employee !== "";

  const filter = (patch: Partial<PayoutListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(1);
  };

  return (
    <section>
      <PageHeader
        title="Payouts"
        lead={
          <>
            What <strong>{integration.name}</strong> pays its Employees. Each joins the open Payrun of its currency; once that is
            paid, the Employee is notified and accepts.
          </>
        }
      >
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          New Payout
        </button>
      </PageHeader>

      <div className="toolbar toolbar-wrap" role="search">
        <SearchField placeholder="Description, or the Employee's name" value={filters.search} onChange={(search) => filter({ search })} />
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          options={PAYOUT_STATUS_OPTIONS}
          value={filters.status}
          onChange={(status) => filter({ status })}
        />
        <EmployeeFilter
          value={employee}
          onChange={(choice) => {
            setEmployee(choice);
            filter({ employee: choice?.id ?? "" });
          }}
        />
      </div>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PayoutTotals filters={shown} />

      <PayoutList
        filters={shown}
        page={page}
        onPage={setPage}
        empty={filtered ? "No Payouts match these filters." : "No Payouts yet."}
        onNotice={setNotice}
      />

      {creating && <CreatePayoutDialog integration={integration} onClose={() => setCreating(false)} onCreated={setNotice} />}
    </section>
  );
}

/** "Only this Employee's Payouts"; emptying the box shows everyone's again. */
function EmployeeFilter({ value, onChange }: { value: EmployeeChoice | null; onChange: (choice: EmployeeChoice | null) => void }) {
  const id = useId();
  return (
    <div className="inline-field">
      <label htmlFor={id}>Employee</label>
      <EmployeeCombobox control={{ id }} value={value} onChange={onChange} placeholder="All Employees" />
    </div>
  );
}
