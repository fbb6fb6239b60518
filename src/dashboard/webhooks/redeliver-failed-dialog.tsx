"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { useDebouncedValue } from "../use-debounced-value";
import { trpc } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { Modal } from "../ui/modal";
import type { NoticeValue } from "../ui/notice";
import { instantOf, localInputOf } from "../events/event-types";
import type { Webhook } from "./webhook-types";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Redeliver failed since…": the reader picks a moment, reads how many failed deliveries that is (the server's
 * count, bounded), then queues them. The count is asked again as the moment changes.
 */
export function RedeliverFailedDialog({ webhook, onClose, onDone }: { webhook: Webhook; onClose: () => void; onDone: (n: NoticeValue) => void }) {
  const t = useTranslations("webhooks.redeliverFailed");
  const utils = trpc.useUtils();
  const inputId = useId();
  // The clock of the reader's browser only proposes a moment; the server decides what falls after it.
  const [local, setLocal] = useState(() => localInputOf(new Date(Date.now() - DAY_MS)));
  const since = instantOf(useDebouncedValue(local));
  const count = trpc.webhookDeliveries.countFailed.useQuery({ webhook_id: webhook.id, since: since ?? "" }, { enabled: since !== undefined });
  const run = trpc.webhookDeliveries.redeliverFailed.useMutation({
    onSuccess: async ({ count: queued }) => {
      onDone({ kind: "success", text: t("queued", { count: queued }) });
      await utils.webhooks.deliveries.invalidate();
      onClose();
    },
  });
  const n = count.data?.count;
  const tooMany = count.data !== undefined && count.data.count > count.data.max;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (since) run.mutate({ webhook_id: webhook.id, since });
  }
  return (
    <Modal title={t("title")} lead={t("lead", { url: webhook.url })} onClose={onClose}>
      <form onSubmit={submit} className="form-stack">
        <label htmlFor={inputId}>{t("since")}</label>
        <input id={inputId} type="datetime-local" value={local} required onChange={(e) => setLocal(e.target.value)} />
        <p role="status" data-testid="failed-count" className={tooMany ? "field-error" : "muted"}>
          {count.error
            ? count.error.message
            : n === undefined
              ? t("counting")
              : tooMany
                ? t("tooMany", { count: n, max: count.data?.max ?? 0 })
                : t("count", { count: n })}
        </p>
        {run.error && <ErrorAlert>{run.error.message}</ErrorAlert>}
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose}>
            {t("cancel")}
          </button>
          <button type="submit" className="button button-primary" disabled={run.isPending || !n || tooMany}>
            {run.isPending ? t("queuing") : t("confirm", { count: n ?? 0 })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
