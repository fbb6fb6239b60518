/**
 * Where an event went: its deliveries to the subscriptions visible in the caller's scope (the dashboard's event
 * view), and a new delivery of it to a chosen subscription. The event is found in the caller's scope first
 * (getEvent), so another account's, environment's or scope's event is a 404 before any delivery is read.
 */
import { DomainError } from "@/domain/errors";
import type { ScopedDb, Timed } from "@/domain/shared/service-context";
import { t } from "@/i18n/locale";
import { deliverySelect, toDeliveryApi } from "@/domain/webhooks/delivery-api";
import { pythonJson } from "@/domain/webhooks/webhook-body";
import { queueDelivery } from "@/domain/webhooks/webhook-fanout";
import { getWebhook, visible } from "@/domain/webhooks/webhook-service";
import { getEvent, type EventScope } from "./event-list";
import type { TEventDelivery } from "./event-schemas";

/** Enough for any event: one delivery per subscription, and a few redeliveries each. */
const MAX_SHOWN = 200;

/** The event's deliveries, newest first, each with its subscription's id and URL. */
export async function listEventDeliveries(ctx: ScopedDb<EventScope>, eventId: string): Promise<TEventDelivery[]> {
  const event = await getEvent(ctx, eventId);
  const rows = await ctx.db.webhookDelivery.findMany({
    where: { eventPk: event.id, subscription: visible(ctx.scope) },
    select: { ...deliverySelect, subscription: { select: { id: true, url: true } } },
    orderBy: [{ createdAt: "desc" }, { pk: "desc" }],
    take: MAX_SHOWN,
  });
  return rows.map((row) => ({ ...toDeliveryApi(row.subscription.id, row), webhook_url: row.subscription.url }));
}

/**
 * A new delivery of the event to subscription `webhookId`, which must be subscribed to its type (and enabled:
 * queueDelivery says so otherwise); the body is the event's object as it was sent. Returns the delivery's id.
 */
export async function redeliverEvent(ctx: Timed & { scope: EventScope }, eventId: string, webhookId: string): Promise<string> {
  const event = await getEvent(ctx, eventId);
  const webhook = await getWebhook(ctx.db, ctx.scope, webhookId);
  if (!webhook.events.includes(event.type)) {
    throw new DomainError("validation", { webhook_id: [t("webhook_not_subscribed", { event: event.type })] });
  }
  const body = pythonJson(event.data);
  const now = ctx.clock.now();
  // Its own ordering key, as a redelivery from the log: it waits for no other delivery.
  return ctx.db.$transaction((tx) =>
    queueDelivery(tx, webhook.pk, { pk: event.id, name: event.type, objectKey: `redeliver:event:${event.id}:${now.getTime()}`, body }, now),
  );
}
