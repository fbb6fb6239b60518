"use client";

import { ListTable } from "../ui/list-table";
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { ErrorAlert } from "../ui/alert";
import { Modal } from "../ui/modal";
import { Notice, type NoticeValue } from "../ui/notice";
import { EMPTY } from "../ui/table";
import { deliveryLabel } from "../webhooks/webhook-types";
import { DELIVERY_TONES } from "../webhooks/delivery-log";
import type { EventRow } from "./event-types";

/** One event: its JSON as the API shows it, where it was delivered, and a new delivery of it to a chosen subscription. */
export function EventDetailDialog({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const t = useTranslations("events.detail");
  const common = useTranslations("common");
  const event = trpc.events.get.useQuery({ event_id: eventId }, { retry: false });
  return (
    <Modal title={event.data ? event.data.type : t("title")} onClose={onClose} wide>
      {event.error ? (
        <ErrorAlert>{event.error.data?.code === "NOT_FOUND" ? t("notFound", { id: eventId }) : event.error.message}</ErrorAlert>
      ) : !event.data ? (
        <p>{common("loading")}</p>
      ) : (
        <EventBody event={event.data} />
      )}
    </Modal>
  );
}

function EventBody({ event }: { event: EventRow }) {
  const t = useTranslations("events.detail");
  const f = useFormat();
  const id = useId();
  const [notice, setNotice] = useState<NoticeValue | null>(null);
  return (
    <div className="event-detail">
      <dl className="details">
        <dt>{t("id")}</dt>
        <dd className="mono">{event.id}</dd>
        <dt>{t("created")}</dt>
        <dd>{f.dateTimeSeconds(event.created_at)}</dd>
        <dt>{t("object")}</dt>
        <dd className="mono">{event.object_id}</dd>
      </dl>
      <div role="group" aria-labelledby={`${id}-data`}>
        <h3 className="card-title" id={`${id}-data`}>
          {t("data")}
        </h3>
        <pre className="metadata payload" data-testid="event-json">
          {JSON.stringify(event, null, 2)}
        </pre>
      </div>
      <h3 className="card-title">{t("deliveries")}</h3>
      <Notice notice={notice} onDismiss={() => setNotice(null)} />
      <EventDeliveries eventId={event.id} />
      <RedeliverEvent event={event} onDone={setNotice} />
    </div>
  );
}

function EventDeliveries({ eventId }: { eventId: string }) {
  const t = useTranslations("events.detail");
  const log = useTranslations("webhooks.log");
  const common = useTranslations("common");
  const f = useFormat();
  const deliveries = trpc.events.deliveries.useQuery({ event_id: eventId });
  if (deliveries.error) return <ErrorAlert>{deliveries.error.message}</ErrorAlert>;
  if (!deliveries.data) return <p className="muted">{common("loading")}</p>;
  if (deliveries.data.length === 0) return <p className="muted">{t("notDelivered")}</p>;
  return (
    <div className="table-scroll">
      <ListTable
        label={t("deliveries")}
        columns={[t("subscription"), log("columns.status"), log("columns.attempts"), log("columns.created")]}
        rows={deliveries.data}
      >
        {(d) => {
          const label = deliveryLabel({ status: d.status, attempts: d.attempt_count });
          return (
            <tr key={d.id} data-delivery={d.id}>
              <td className="stacked-cell">
                <span className="url-cell">{d.webhook_url}</span>
                <span className="muted mono" data-id="">
                  {d.webhook}
                </span>
              </td>
              <td>
                <span className={DELIVERY_TONES[label]}>{log(`statuses.${label}`)}</span>
              </td>
              <td>{d.attempt_count}</td>
              <td className="nowrap">{d.created_at ? f.dateTimeSeconds(d.created_at) : EMPTY}</td>
            </tr>
          );
        }}
      </ListTable>
    </div>
  );
}

/** The subscriptions that take this event's type (the server refuses others); the chosen one gets a new delivery now. */
function RedeliverEvent({ event, onDone }: { event: EventRow; onDone: (n: NoticeValue) => void }) {
  const t = useTranslations("events.detail");
  const utils = trpc.useUtils();
  const selectId = useId();
  const webhooks = trpc.webhooks.list.useQuery({ page: 1, page_size: 100 });
  const options = (webhooks.data?.results ?? []).filter((w) => w.events.includes(event.type) && w.status === "enabled");
  const [chosen, setChosen] = useState("");
  const target = options.find((w) => w.id === chosen) ?? options[0];
  const redeliver = trpc.events.redeliver.useMutation({
    onSuccess: async () => {
      onDone({ kind: "success", text: t("redelivered", { url: target?.url ?? "" }) });
      await utils.events.deliveries.invalidate();
    },
    onError: (error) => onDone({ kind: "error", text: error.message }),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (target) redeliver.mutate({ event_id: event.id, webhook_id: target.id });
  }
  if (webhooks.data && options.length === 0) return <p className="muted">{t("noSubscription")}</p>;
  return (
    <form className="send-test" onSubmit={submit}>
      <label htmlFor={selectId} className="inline-field">
        {t("redeliverTo")}
      </label>
      <select id={selectId} value={target?.id ?? ""} onChange={(e) => setChosen(e.target.value)}>
        {options.map((w) => (
          <option key={w.id} value={w.id}>
            {w.url} ({w.id})
          </option>
        ))}
      </select>
      <button type="submit" className="button button-primary" disabled={redeliver.isPending || !target}>
        {redeliver.isPending ? t("redelivering") : t("redeliver")}
      </button>
    </form>
  );
}
