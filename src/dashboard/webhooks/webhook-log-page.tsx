"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useRouter } from "next/navigation";
import { integrationScoped } from "../shell/integration-scoped";
import { trpc } from "../trpc";
import { DetailsCard } from "../ui/detail-rows";
import { DetailFrame, retryUnlessNotFound } from "../ui/detail-frame";
import { MetadataValue } from "../ui/metadata-value";
import { Notice, type NoticeValue } from "../ui/notice";
import { PageHeader } from "../ui/page-header";
import { DeliveryLog } from "./delivery-log";
import { SecretValue } from "./secret-value";
import { SendTestEvent } from "./send-test-event";
import { EDIT_WEBHOOK_DRAFT, EditWebhookDialog, RotateSecretDialog } from "./webhook-dialogs";
import { useObjectDraftDialog } from "../ui/draft-scope";
import { DELIVERY_POLL_MS, DELIVERY_STATUS_FILTERS, webhookPath, webhookScope, type EventInfo, type Webhook } from "./webhook-types";
import { parseAsChoice, parseAsText, useListView } from "../url-state";
import { FilterSelect } from "../ui/filter-select";
import { HealthBadge, StatusToggle, useWebhookHealth } from "./health-badge";
import { RedeliverFailedDialog } from "./redeliver-failed-dialog";
import { useScopedPath } from "../shell/use-scoped-path";

export const WebhookLogPage = integrationScoped((t) => t("webhooks.title"), WebhookLog);

function WebhookLog({ webhookId }: { webhookId: string }) {
  const webhook = trpc.webhooks.get.useQuery({ webhook_id: webhookId }, { retry: retryUnlessNotFound });
  const catalogue = trpc.webhooks.events.useQuery(undefined, { staleTime: Infinity });
  const t = useTranslations("webhooks");
  const both = webhook.data && catalogue.data ? { webhook: webhook.data, catalogue: catalogue.data } : undefined;
  return (
    <DetailFrame
      back={{ href: "/webhooks", label: t("title") }}
      query={{ data: both, error: webhook.error ?? catalogue.error }}
      notFound={t("detail.notFound", { id: webhookId })}
      locate={{ kind: "webhook", id: webhookId }}
    >
      {(loaded) => <WebhookSummary webhook={loaded.webhook} catalogue={loaded.catalogue} />}
    </DetailFrame>
  );
}

type Dialog = "edit" | "rotate" | "redeliverFailed" | null;

/** The log's filters in the URL: ?status=&event_type= (and ?page=). */
const LOG_FILTERS = { status: parseAsChoice(DELIVERY_STATUS_FILTERS), event_type: parseAsText };

function WebhookSummary({ webhook, catalogue }: { webhook: Webhook; catalogue: readonly EventInfo[] }) {
  const router = useRouter();
  const scoped = useScopedPath();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [queuedAt, setQueuedAt] = useState(0);
  const { view, page, setPage, filter } = useListView(LOG_FILTERS);
  const health = useWebhookHealth([webhook])(webhook.id);
  /** A test event or a redelivery: its notice, over the first page of deliveries, where the new attempt is. */
  const showDelivered = (n: NoticeValue) => {
    setNotice(n);
    setPage(1);
    if (n.kind === "success") setQueuedAt(Date.now());
  };
  const scope = webhookScope(webhook, catalogue);
  const close = () => setDialog(null);
  useObjectDraftDialog(EDIT_WEBHOOK_DRAFT, webhook.id, () => setDialog("edit"));
  const t = useTranslations("webhooks.detail");

  return (
    <>
      <PageHeader title={<span className="url-title">{webhook.url}</span>} objectId={webhook.id}>
        <StatusToggle webhook={webhook} />
        <button type="button" className="button" onClick={() => setDialog("edit")}>
          {t("edit")}
        </button>
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="detail-grid">
        <DetailsCard title={t("subscription")}>
          <dt>{t("health")}</dt>
          <dd>
            <HealthBadge health={health} />
          </dd>
          <dt>{t("url")}</dt>
          <dd className="mono">{webhook.url}</dd>
          <dt>{t("scope")}</dt>
          <dd>{scope === "Integration" ? t("integrationScope") : t("accountScope")}</dd>
          <dt>{t("events")}</dt>
          <dd className="mono">{webhook.events.join(", ")}</dd>
          <dt>{t("secret")}</dt>
          <dd>
            <SecretValue secret={webhook.secret_key}>
              <button type="button" className="button button-small button-danger-quiet" onClick={() => setDialog("rotate")}>
                {t("rotate")}
              </button>
            </SecretValue>
          </dd>
          <dt>{t("metadata")}</dt>
          <dd>
            <MetadataValue metadata={webhook.metadata} />
          </dd>
        </DetailsCard>
        <div className="card card-padded">
          <h2 className="card-title">{t("testTitle")}</h2>
          <p className="muted">{t("testLead")}</p>
          <SendTestEvent webhook={webhook} catalogue={catalogue} onSent={showDelivered} />
        </div>
      </div>

      <section className="detail-section" aria-labelledby="webhook-deliveries">
        <h2 id="webhook-deliveries">{t("deliveries")}</h2>
        <p className="page-lead section-lead">{t("deliveriesLead", { seconds: DELIVERY_POLL_MS / 1000 })}</p>
        <div className="toolbar toolbar-wrap" role="group" aria-label={t("logFilters")}>
          <FilterSelect
            label={t("status")}
            allLabel={t("allStatuses")}
            options={DELIVERY_STATUS_FILTERS.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            value={view.status}
            onChange={(status) => filter({ status })}
          />
          <FilterSelect
            label={t("eventType")}
            allLabel={t("allEventTypes")}
            options={webhook.events.map((value) => ({ value, label: value }))}
            value={webhook.events.includes(view.event_type) ? view.event_type : ""}
            onChange={(event_type) => filter({ event_type })}
          />
          <button type="button" className="button" onClick={() => setDialog("redeliverFailed")} disabled={webhook.status !== "enabled"}>
            {t("redeliverFailed")}
          </button>
        </div>
        <DeliveryLog webhook={webhook} filters={view} page={page} onPage={setPage} onDelivered={showDelivered} queuedAt={queuedAt} />
      </section>

      {dialog === "edit" && (
        <EditWebhookDialog
          webhook={webhook}
          catalogue={catalogue}
          onClose={close}
          onSaved={(saved) => {
            // A new id is a new URL.
            if (saved.id !== webhook.id) router.replace(scoped(webhookPath(saved.id)));
          }}
        />
      )}
      {dialog === "rotate" && <RotateSecretDialog webhook={webhook} onClose={close} />}
      {dialog === "redeliverFailed" && <RedeliverFailedDialog webhook={webhook} onClose={close} onDone={showDelivered} />}
    </>
  );
}
