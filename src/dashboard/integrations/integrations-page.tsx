"use client";

import { useQueryStates } from "nuqs";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { RoleGate } from "../shell/role-gate";
import { trpc } from "../trpc";
import { PageHeader } from "../ui/page-header";
import { pageAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { parseAsChoice, parseAsPage, PUSH } from "../url-state";
import { CreateIntegrationDialog, DeleteIntegrationDialog, EditIntegrationDialog } from "./integration-dialogs";
import { INTEGRATION_TYPES, type Integration } from "./integration-types";
import { IntegrationsTable } from "./integrations-table";

const PAGE_SIZE = 25;

type Dialog = { kind: "create" } | { kind: "edit"; integration: Integration } | { kind: "delete"; integration: Integration } | null;
type TypeFilter = 1 | 2 | 3 | undefined;
/** The list's view in the URL: ?type=&page= */
const VIEW = { type: parseAsChoice(["1", "2", "3"]), page: parseAsPage };

function parseTypeFilter(value: string): TypeFilter {
  return value === "1" ? 1 : value === "2" ? 2 : value === "3" ? 3 : undefined;
}

export function IntegrationsPage() {
  const t = useTranslations("integrations");
  return (
    <RoleGate role="client" otherwise={t("clientOnly")}>
      <AccountIntegrations />
    </RoleGate>
  );
}

function AccountIntegrations() {
  const [view, setView] = useQueryStates(VIEW, PUSH);
  const { page } = view;
  const type = parseTypeFilter(view.type);
  const setPage = (p: number) => void setView({ page: p });
  const [dialog, setDialog] = useState<Dialog>(null);
  const t = useTranslations("integrations");
  const list = trpc.integrations.list.useQuery({ page, page_size: PAGE_SIZE, type }, { placeholderData: (prev) => prev });

  const close = () => setDialog(null);

  return (
    <section>
      <PageHeader title={t("title")} lead={t("lead")}>
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: "create" })}>
          {t("newIntegration")}
        </button>
      </PageHeader>

      <div className="toolbar">
        <label className="inline-field">
          {t("type")}
          <select
            value={type ?? ""}
            onChange={(e) => {
              const chosen = parseTypeFilter(e.target.value);
              void setView({ type: chosen === undefined ? null : `${chosen}`, page: null });
            }}
          >
            <option value="">{t("allTypes")}</option>
            {Object.entries(INTEGRATION_TYPES).map(([value, key]) => (
              <option key={value} value={value}>
                {t(`types.${key}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("none")}>
        {(integrations) => (
          <IntegrationsTable
            integrations={integrations}
            onEdit={(integration) => setDialog({ kind: "edit", integration })}
            onDelete={(integration) => setDialog({ kind: "delete", integration })}
          />
        )}
      </PagedListCard>

      {dialog?.kind === "create" && <CreateIntegrationDialog onClose={close} />}
      {dialog?.kind === "edit" && <EditIntegrationDialog integration={dialog.integration} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteIntegrationDialog
          integration={dialog.integration}
          onClose={close}
          onDeleted={() => {
            if (list.data) setPage(pageAfterDelete(page, list.data.results.length));
          }}
        />
      )}
    </section>
  );
}
