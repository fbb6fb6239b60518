"use client";

import { useTranslations } from "use-intl";
import { roleGated } from "../shell/role-gate";
import { trpc } from "../trpc";
import { FilterSelect } from "../ui/filter-select";
import { PageHeader } from "../ui/page-header";
import { stepBackAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { useRowDialog } from "../ui/row-dialog";
import { parseAsChoice, useListView } from "../url-state";
import { CreateIntegrationDialog, DeleteIntegrationDialog, EDIT_INTEGRATION_DRAFT, EditIntegrationDialog, NEW_INTEGRATION_DRAFT } from "./integration-dialogs";
import { INTEGRATION_TYPES, type Integration } from "./integration-types";
import { IntegrationsTable } from "./integrations-table";

const PAGE_SIZE = 25;

type TypeFilter = 1 | 2 | 3 | undefined;
const TYPE_VALUES = ["1", "2", "3"] as const;
/** The list's filter in the URL: ?type= (and ?page=) */
const FILTERS = { type: parseAsChoice(TYPE_VALUES) };

function parseTypeFilter(value: string): TypeFilter {
  return value === "1" ? 1 : value === "2" ? 2 : value === "3" ? 3 : undefined;
}

export const IntegrationsPage = roleGated("client", (t) => t("integrations.clientOnly"), AccountIntegrations);

function AccountIntegrations() {
  const { view, page, setPage, filter } = useListView(FILTERS);
  const type = parseTypeFilter(view.type);
  const t = useTranslations("integrations");
  const list = trpc.integrations.list.useQuery({ page, page_size: PAGE_SIZE, type }, { placeholderData: (prev) => prev });
  const { dialog, create, open, close } = useRowDialog<Integration>({
    create: NEW_INTEGRATION_DRAFT,
    edit: { dialog: EDIT_INTEGRATION_DRAFT, rows: list.data?.results, idOf: (i) => i.id },
  });

  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")}>
        <button type="button" className="button button-primary" onClick={create}>
          {t("newIntegration")}
        </button>
      </PageHeader>

      <div className="toolbar">
        <FilterSelect
          label={t("type")}
          allLabel={t("allTypes")}
          options={TYPE_VALUES.map((value) => ({ value, label: t(`types.${INTEGRATION_TYPES[value]}`) }))}
          value={view.type}
          onChange={(value) => filter({ type: value === "" ? null : value })}
        />
      </div>

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("none")}>
        {(integrations) => <IntegrationsTable integrations={integrations} onEdit={open("edit")} onDelete={open("delete")} />}
      </PagedListCard>

      {dialog?.kind === "create" && <CreateIntegrationDialog onClose={close} />}
      {dialog?.kind === "edit" && <EditIntegrationDialog integration={dialog.row} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteIntegrationDialog integration={dialog.row} onClose={close} onDeleted={() => stepBackAfterDelete(list, page, setPage)} />
      )}
    </section>
  );
}
