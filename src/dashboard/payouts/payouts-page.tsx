"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { usePayrunLabel } from "../payruns/payrun-label";
import { payrunPath } from "../payruns/payrun-types";
import { EmployeeCombobox, type EmployeeChoice } from "../employees/employee-combobox";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { ExportButton } from "../ui/export-button";
import { Notice, type NoticeValue } from "../ui/notice";
import { ListFilters } from "../ui/list-filters";
import { PageHeader } from "../ui/page-header";
import { trpc } from "../trpc";
import { parseAsChoice, parseAsText, useListView } from "../url-state";
import { useDebouncedValue } from "../use-debounced-value";
import { useDraftDialog } from "../ui/draft-scope";
import { CreatePayoutDialog, NEW_PAYOUT_DRAFT } from "./create-payout-dialog";
import { PayoutList } from "./payout-list";
import { PayoutTotals } from "./payout-totals";
import { PAYOUT_STATUS_VALUES, payoutTotalsInput, type PayoutListFilters } from "./payout-types";
import { useScopedPath } from "../shell/use-scoped-path";

/** The list's filters in the URL: ?q=&status=&employee=&payrun= (and ?page=) */
const FILTERS = { q: parseAsText, status: parseAsChoice(PAYOUT_STATUS_VALUES), employee: parseAsText, payrun: parseAsText };

export const PayoutsPage = integrationScoped((t) => t("payouts.title"), PayoutsOfIntegration);

function PayoutsOfIntegration({ integration }: { integration: Integration }) {
  const t = useTranslations("payouts");
  const utils = trpc.useUtils();
  const { view, page, setPage, filter } = useListView(FILTERS);
  const filters: PayoutListFilters = { search: view.q, status: view.status, employee: view.employee, payrun: view.payrun };
  // The URL holds the Employee's id; the filter box shows their name once it is known.
  const chosen = trpc.employees.get.useQuery({ employee_id: view.employee }, { enabled: view.employee !== "" });
  const employee: EmployeeChoice | null = view.employee && chosen.data ? { id: chosen.data.id, name: chosen.data.name } : null;
  const [creating, setCreating] = useState(false);
  useDraftDialog(NEW_PAYOUT_DRAFT, () => setCreating(true));
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const search = useDebouncedValue(filters.search);
  const shown = { ...filters, search };
  const filtered = filters.search.trim() !== "" || filters.status !== "" || filters.employee !== "" || filters.payrun !== "";

  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, strong: (chunks) => <strong>{chunks}</strong> })}>
        <ExportButton namespace="payouts" filename="payouts.csv" load={() => utils.payouts.export.fetch(payoutTotalsInput(filters))} onNotice={setNotice} />
        <Link className="button" href="/payouts/import">
          {t("importCsv")}
        </Link>
        <button type="button" className="button button-primary" onClick={() => setCreating(true)}>
          {t("newPayout")}
        </button>
      </PageHeader>

      <ListFilters
        namespace="payouts"
        search={filters.search}
        status={filters.status}
        statuses={PAYOUT_STATUS_VALUES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
        onFilter={filter}
      >
        <EmployeeFilter value={employee} onChange={(choice) => filter({ employee: choice?.id ?? "" })} />
      </ListFilters>

      {view.payrun && <PayrunFilter id={view.payrun} onClear={() => filter({ payrun: "" })} />}

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <PayoutTotals filters={shown} />

      <PayoutList filters={shown} page={page} onPage={setPage} empty={filtered ? t("noMatch") : t("none")} onNotice={setNotice} />

      {creating && <CreatePayoutDialog integration={integration} onClose={() => setCreating(false)} onCreated={setNotice} />}
    </section>
  );
}

/** "Only the Payouts of this Payrun" (a link from the CSV import's result), by the Payrun's name, and the way back to all. */
function PayrunFilter({ id, onClear }: { id: string; onClear: () => void }) {
  const t = useTranslations("payouts");
  const scoped = useScopedPath();
  const payrunLabel = usePayrunLabel();
  const payrun = trpc.payruns.get.useQuery({ payrun_id: id });
  const name = payrun.data ? payrunLabel(payrun.data) : id;
  return (
    <p className="muted">
      {t.rich("onlyPayrun", { name, link: (chunks) => <Link href={scoped(payrunPath(id))}>{chunks}</Link> })}{" "}
      <button type="button" className="button button-small" onClick={onClear}>
        {t("showAll")}
      </button>
    </p>
  );
}

/** "Only this Employee's Payouts"; emptying the box shows everyone's again. */
function EmployeeFilter({ value, onChange }: { value: EmployeeChoice | null; onChange: (choice: EmployeeChoice | null) => void }) {
  const t = useTranslations("payouts");
  const id = useId();
  return (
    <div className="inline-field">
      <label htmlFor={id}>{t("employee")}</label>
      <EmployeeCombobox control={{ id }} value={value} onChange={onChange} placeholder={t("allEmployees")} />
    </div>
  );
}
