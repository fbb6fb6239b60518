"use client";

import { useState } from "react";
import { trpc } from "../trpc";
import { Pager } from "../ui/pager";
import { CreateIntegrationDialog, DeleteIntegrationDialog, EditIntegrationDialog } from "./integration-dialogs";
import { INTEGRATION_TYPE_LABELS, type Integration } from "./integration-types";
import { IntegrationsTable } from "./integrations-table";

const PAGE_SIZE = 25;

type Dialog = { kind: "create" } | { kind: "edit"; integration: Integration } | { kind: "delete"; integration: Integration } | null;
type TypeFilter = 1 | 2 | 3 | undefined;

function parseTypeFilter(value: string): TypeFilter {
  return value === "1" ? 1 : value === "2" ? 2 : value === "3" ? 3 : undefined;
}

export function IntegrationsPage() {
  const me = trpc.session.me.useQuery();
  const [page, setPage] = useState(1);
  const [type, setType] = useState<TypeFilter>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const isClient = me.data?.role === "client";
  const list = trpc.integrations.list.useQuery({ page, page_size: PAGE_SIZE, type }, { enabled: isClient, placeholderData: (prev) => prev });

  if (me.data && !isClient) {
    return <p className="page-message">Integrations belong to client accounts; sign in as a person of an account to manage them.</p>;
  }

  const data = list.data;
  const close = () => setDialog(null);

  return (
    <section>
      <div className="page-header">
        <div>
          <h1>Integrations</h1>
          <p className="page-lead">The organisations whose Employees you pay. Each has its own address, logo and metadata.</p>
        </div>
        <button type="button" className="button button-primary" onClick={() => setDialog({ kind: "create" })}>
          New Integration
        </button>
      </div>

      <div className="toolbar">
        <label className="inline-field">
          Type
          <select
            value={type ?? ""}
            onChange={(e) => {
              setType(parseTypeFilter(e.target.value));
              setPage(1);
            }}
          >
            <option value="">All types</option>
            {Object.entries(INTEGRATION_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>

      <div className="card">
        {list.isError ? (
          <div className="alert alert-error" role="alert">
            {list.error.message}
          </div>
        ) : !data ? (
          <p className="card-message">Loading…</p>
        ) : data.results.length === 0 ? (
          <p className="card-message">No Integrations yet.</p>
        ) : (
          <IntegrationsTable
            integrations={data.results}
            onEdit={(integration) => setDialog({ kind: "edit", integration })}
            onDelete={(integration) => setDialog({ kind: "delete", integration })}
          />
        )}
        {data && data.count > 0 && <Pager page={page} pageSize={PAGE_SIZE} count={data.count} onPage={setPage} busy={list.isFetching} />}
      </div>

      {dialog?.kind === "create" && <CreateIntegrationDialog onClose={close} />}
      {dialog?.kind === "edit" && <EditIntegrationDialog integration={dialog.integration} onClose={close} />}
      {dialog?.kind === "delete" && (
        <DeleteIntegrationDialog
          integration={dialog.integration}
          onClose={close}
          onDeleted={() => {
            // Deleting the only row of the last page would leave us on a page that no longer exists.
            if (data && data.results.length === 1 && page > 1) setPage(page - 1);
          }}
        />
      )}
    </section>
  );
}
