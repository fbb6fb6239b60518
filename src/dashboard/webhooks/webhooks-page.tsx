"use client";

import { useTranslations } from "use-intl";
import type { Integration } from "../integrations/integration-types";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { PageHeader } from "../ui/page-header";
import { stepBackAfterDelete } from "../ui/pager";
import { PagedListCard } from "../ui/query-card";
import { useRowDialog } from "../ui/row-dialog";
import { CreateWebhookDialog, DeleteWebhookDialog, EDIT_WEBHOOK_DRAFT, EditWebhookDialog, RotateSecretDialog, NEW_WEBHOOK_DRAFT } from "./webhook-dialogs";
import type { Webhook } from "./webhook-types";
import { WebhooksTable } from "./webhooks-table";
import { useWebhookHealth } from "./health-badge";
import { usePageParam } from "../url-state";
import { ErrorAlert } from "../ui/alert";

const PAGE_SIZE = 25;

export const WebhooksPage = integrationScoped((t) => t("webhooks.title"), WebhooksOfIntegration);

function WebhooksOfIntegration({ integration }: { integration: Integration }) {
  const [page, setPage] = usePageParam();
  const catalogue = trpc.webhooks.events.useQuery(undefined, { staleTime: Infinity });
  const list = trpc.webhooks.list.useQuery({ page, page_size: PAGE_SIZE }, { placeholderData: (prev) => prev });
  const { dialog, create, open, close } = useRowDialog<Webhook, "edit" | "rotate" | "delete">({
    create: NEW_WEBHOOK_DRAFT,
    edit: { dialog: EDIT_WEBHOOK_DRAFT, rows: list.data?.results, idOf: (w) => w.id },
  });
  const events = catalogue.data;
  const healthOf = useWebhookHealth(list.data?.results);
  const t = useTranslations("webhooks");
  const common = useTranslations("common");

  return (
    <section>
      <PageHeader title={t("title")} lead={t.rich("lead", { integration: integration.name, strong: (chunks) => <strong>{chunks}</strong> })}>
        <button type="button" className="button button-primary" disabled={!events} onClick={create}>
          {t("newSubscription")}
        </button>
      </PageHeader>

      {catalogue.isError && <ErrorAlert>{t("catalogueFailed", { message: catalogue.error.message })}</ErrorAlert>}

      <PagedListCard query={list} page={page} pageSize={PAGE_SIZE} onPage={setPage} empty={t("none")}>
        {(webhooks) =>
          events ? (
            <div className="table-scroll">
              <WebhooksTable
                webhooks={webhooks}
                catalogue={events}
                healthOf={healthOf}
                onEdit={open("edit")}
                onRotate={open("rotate")}
                onDelete={open("delete")}
              />
            </div>
          ) : (
            <p className="card-message">{common("loading")}</p>
          )
        }
      </PagedListCard>

      {dialog?.kind === "create" && events && <CreateWebhookDialog integrationName={integration.name} catalogue={events} onClose={close} />}
      {dialog?.kind === "edit" && events && <EditWebhookDialog webhook={dialog.row} catalogue={events} onClose={close} />}
      {dialog?.kind === "rotate" && <RotateSecretDialog webhook={dialog.row} onClose={close} />}
      {dialog?.kind === "delete" && <DeleteWebhookDialog webhook={dialog.row} onClose={close} onDeleted={() => stepBackAfterDelete(list, page, setPage)} />}
    </section>
  );
}
