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
import { EditWebhookDialog, RotateSecretDialog } from "./webhook-dialogs";
import { DELIVERY_POLL_MS, webhookPath, webhookScope, type EventInfo, type Webhook } from "./webhook-types";
import { usePageParam } from "../url-state";

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
    >
      {(loaded) => <WebhookSummary webhook={loaded.webhook} catalogue={loaded.catalogue} />}
    </DetailFrame>
  );
}

type Dialog = "edit" | "rotate" | null;

function WebhookSummary({ webhook, catalogue }: { webhook: Webhook; catalogue: readonly EventInfo[] }) {
  const router = useRouter();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  const [page, setPage] = usePageParam();
  /** A test event or a redelivery: its notice, over the first page of deliveries, where the new attempt is. */
  const showDelivered = (n: NoticeValue) => {
    setNotice(n);
    setPage(1);
  };
  const scope = webhookScope(webhook, catalogue);
  const close = () => setDialog(null);
  const t = useTranslations("webhooks.detail");

  return (
    <>
      <PageHeader title={<span className="url-title">{webhook.url}</span>} objectId={webhook.id}>
        <button type="button" className="button" onClick={() => setDialog("edit")}>
          {t("edit")}
        </button>
      </PageHeader>

      <Notice notice={notice} onDismiss={() => setNotice(null)} />

      <div className="detail-grid">
        <DetailsCard title={t("subscription")}>
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
        <DeliveryLog webhook={webhook} page={page} onPage={setPage} onDelivered={showDelivered} />
      </section>

      {dialog === "edit" && (
        <EditWebhookDialog
          webhook={webhook}
          catalogue={catalogue}
          onClose={close}
          onSaved={(saved) => {
            // A new id is a new URL.
            if (saved.id !== webhook.id) router.replace(webhookPath(saved.id));
          }}
        />
      )}
      {dialog === "rotate" && <RotateSecretDialog webhook={webhook} onClose={close} />}
    </>
  );
}
