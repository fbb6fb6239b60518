"use client";

import { ListTable } from "../ui/list-table";
import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import { PagedListCard } from "../ui/query-card";
import { DetailsToggle, EMPTY, RowButton, TableHead, ExpandedRow } from "../ui/table";
import {
  DELIVERY_PAGE_SIZE,
  DELIVERY_POLL_MS,
  DELIVERY_WATCH_MS,
  deliveryLabel,
  hasPendingDelivery,
  prettyPayload,
  type Attempt,
  type Delivery,
  type DeliveryFilters,
  type DeliveryLabel,
  type Webhook,
} from "./webhook-types";

export const DELIVERY_TONES: Record<DeliveryLabel, string> = {
  Pending: "badge",
  Retrying: "badge badge-warning",
  Succeeded: "badge badge-success",
  Failed: "badge badge-danger",
};

interface DeliveryLogProps {
  webhook: Webhook;
  /** The log's filters, as the API's list names them. */
  filters: DeliveryFilters;
  page: number;
  onPage: (page: number) => void;
  /** A redelivery's outcome; the page shows it over the newest deliveries, where the new attempt is. */
  onDelivered: (notice: NoticeValue) => void;
  /** When the reader last queued deliveries (ms since the epoch): the log reads again for a while after. */
  queuedAt?: number;
}

/** The subscription's deliveries, newest first, read again every few seconds while one is still to be attempted. */
export function DeliveryLog({ webhook, filters, page, onPage, onDelivered, queuedAt = 0 }: DeliveryLogProps) {
  const deliveries = trpc.webhooks.deliveries.useQuery(
    { webhook_id: webhook.id, page, status: filters.status || undefined, event_type: filters.event_type ? [filters.event_type] : undefined },
    {
      placeholderData: (prev) => prev,
      refetchInterval: (q) => (hasPendingDelivery(q.state.data?.results) || Date.now() < queuedAt + DELIVERY_WATCH_MS ? DELIVERY_POLL_MS : false),
    },
  );
  const t = useTranslations("webhooks.log");
  return (
    <PagedListCard query={deliveries} page={page} pageSize={DELIVERY_PAGE_SIZE} onPage={onPage} empty={t("none")} scroll>
      {(results) => (
        <ListTable
          columns={[t("columns.event"), t("columns.status"), t("columns.attempts"), t("columns.created"), t("columns.nextRetry")]}
          actions
          rows={results}
        >
          {(d) => <DeliveryRows key={d.pk} webhook={webhook} delivery={d} onRedelivered={onDelivered} />}
        </ListTable>
      )}
    </PagedListCard>
  );
}

const COLUMN_COUNT = 6;

function DeliveryRows({ webhook, delivery: d, onRedelivered }: { webhook: Webhook; delivery: Delivery; onRedelivered: (n: NoticeValue) => void }) {
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const detailId = useId();
  const label = deliveryLabel(d);
  const t = useTranslations("webhooks.log");
  const f = useFormat();
  const redeliver = trpc.webhooks.redeliver.useMutation({
    onSuccess: async () => {
      onRedelivered({ kind: "success", text: t("redelivered", { event: d.event }) });
      await utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => onRedelivered({ kind: "error", text: error.message }),
  });
  const when = f.dateTimeSeconds(d.created_at);
  return (
    <>
      <tr className="delivery-row" data-delivery={d.pk}>
        <td className="stacked-cell">
          <span className="mono">{d.event}</span>
          {d.object && (
            <span className="muted" data-testid="delivery-object">
              {d.object.name ? `${d.object.name} · ` : ""}
              <span className="mono" data-id="">
                {d.object.id}
              </span>
            </span>
          )}
        </td>
        <td>
          <span className={DELIVERY_TONES[label]}>{t(`statuses.${label}`)}</span>
        </td>
        <td>{d.attempts}</td>
        <td className="nowrap">{when}</td>
        <td className="nowrap">{d.status === "pending" && d.next_attempt_at ? f.dateTimeSeconds(d.next_attempt_at) : EMPTY}</td>
        <td className="actions">
          <DetailsToggle open={open} controls={detailId} label={t("detailsOf", { event: d.event, when })} onToggle={setOpen}>
            {open ? t("hide") : t("details")}
          </DetailsToggle>
          <RowButton
            label={t("redeliver")}
            subject={t("subject", { event: d.event, when })}
            disabled={redeliver.isPending}
            onClick={() => redeliver.mutate({ webhook_id: webhook.id, deliveryPk: d.pk })}
          />
        </td>
      </tr>
      <ExpandedRow open={open} id={detailId} columns={COLUMN_COUNT}>
        <DeliveryDetail delivery={d} />
      </ExpandedRow>
    </>
  );
}

/** The exact body that was signed and sent, and every attempt with what the receiver answered. */
function DeliveryDetail({ delivery: d }: { delivery: Delivery }) {
  const id = useId();
  const t = useTranslations("webhooks.log");
  const f = useFormat();
  return (
    <div className="delivery-detail-body">
      <div role="group" aria-labelledby={`${id}-payload`}>
        <h3 className="card-title" id={`${id}-payload`}>
          {t("payload")}
        </h3>
        <pre className="metadata payload">{prettyPayload(d.payload)}</pre>
      </div>
      <h3 className="card-title">{t("attempts")}</h3>
      {d.attempt_log.length === 0 ? (
        <p className="muted">{t("notAttempted")}</p>
      ) : (
        <table className="table attempts" aria-label={t("attempts")}>
          <TableHead columns={[t("attemptColumns.time"), t("attemptColumns.code"), t("attemptColumns.duration"), t("attemptColumns.response")]} />
          <tbody>
            {d.attempt_log.map((a, n) => (
              <AttemptRow key={`${a.attempted_at}-${n}`} attempt={a} />
            ))}
          </tbody>
        </table>
      )}
      {d.completed_at && <p className="muted">{t("completed", { when: f.dateTime(d.completed_at) })}</p>}
    </div>
  );
}

function AttemptRow({ attempt: a }: { attempt: Attempt }) {
  const t = useTranslations("webhooks.log");
  const f = useFormat();
  return (
    <tr>
      <td className="nowrap">{f.dateTimeSeconds(a.attempted_at)}</td>
      <td className="mono">{a.status_code ?? EMPTY}</td>
      <td className="nowrap">{a.duration_ms} ms</td>
      <td>
        {a.error && <span className="field-error">{a.error}</span>}
        {a.response_withheld ? (
          <span className="muted">{t("withheld")}</span>
        ) : a.response_body ? (
          <pre className="metadata response">{a.response_body}</pre>
        ) : (
          !a.error && EMPTY
        )}
      </td>
    </tr>
  );
}
