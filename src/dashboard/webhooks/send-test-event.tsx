"use client";

import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import type { NoticeValue } from "../ui/notice";
import type { EventInfo, Webhook } from "./webhook-types";

type EventName = EventInfo["name"];

interface SendTestEventProps {
  webhook: Webhook;
  catalogue: readonly EventInfo[];
  onSent: (notice: NoticeValue) => void;
}

/** Queues one of the subscription's events: the latest real object of it, or a sample with id "test". */
export function SendTestEvent({ webhook, catalogue, onSent }: SendTestEventProps) {
  const utils = trpc.useUtils();
  const t = useTranslations("webhooks.test");
  // The subscription's own events, in catalogue order: exactly those the server accepts for a test.
  const options: EventName[] = catalogue.filter((e) => webhook.events.includes(e.name)).map((e) => e.name);
  const [event, setEvent] = useState<EventName | undefined>(options[0]);
  const selectId = useId();
  const send = trpc.webhooks.sendTest.useMutation({
    onSuccess: async (_, { event: sent }) => {
      onSent({ kind: "success", text: t("sent", { event: sent }) });
      await utils.webhooks.deliveries.invalidate();
    },
    onError: (error) => onSent({ kind: "error", text: error.message }),
  });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (event) send.mutate({ webhook_id: webhook.id, event });
  }

  return (
    <form className="send-test" onSubmit={submit}>
      <label htmlFor={selectId} className="inline-field">
        {t("event")}
      </label>
      <select id={selectId} value={event ?? ""} onChange={(e) => setEvent(options.find((name) => name === e.target.value))}>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-primary" disabled={send.isPending || !event}>
        {send.isPending ? t("sending") : t("send")}
      </button>
    </form>
  );
}
