/**
 * A subscription's deliveries through the API: the list, one delivery with its attempts, and redelivery (a new
 * delivery of the same event, queued through the outbox and signed with the subscription's secret when it is sent).
 * The subscription is found in the caller's scope first, and every delivery is read under it: another account's,
 * environment's or scope's subscription or delivery is a 404.
 */
import type { Prisma } from "@/generated/prisma/client";
import { notFound } from "@/domain/errors";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import type { ScopedDb, Timed } from "@/domain/shared/service-context";
import { countDeliveries, deliveryWhere } from "./delivery-filter";
import { DELIVERY_STATUSES, type TListDeliveriesQuery, type TWebhookDelivery, type TWebhookDeliveryDetail } from "./delivery-schemas";
import { redeliver, toAttemptApi } from "./webhook-log";
import { getWebhook, type WebhookScope } from "./webhook-service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const deliverySelect = {
  pk: true,
  eventPk: true,
  eventName: true,
  status: true,
  attempts: true,
  nextAttemptAt: true,
  createdAt: true,
  completedAt: true,
} satisfies Prisma.WebhookDeliverySelect;
export type DeliveryRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof deliverySelect }>;

const detailSelect = {
  ...deliverySelect,
  body: true,
  attemptLog: { orderBy: { attemptedAt: "asc" }, select: { attemptedAt: true, durationMs: true, statusCode: true, error: true, responseBody: true } },
} satisfies Prisma.WebhookDeliverySelect;
type DetailRow = Prisma.WebhookDeliveryGetPayload<{ select: typeof detailSelect }>;

export function toDeliveryApi(webhookId: string, row: DeliveryRow): TWebhookDelivery {
  return {
    id: row.pk,
    webhook: webhookId,
    event: row.eventPk,
    event_type: row.eventName,
    status: DELIVERY_STATUSES.find((s) => s === row.status) ?? "pending",
    attempt_count: row.attempts,
    next_attempt_at: timestamp(row.nextAttemptAt),
    created_at: timestamp(row.createdAt),
    completed_at: timestamp(row.completedAt),
  };
}

function toDeliveryDetailApi(webhookId: string, row: DetailRow): TWebhookDeliveryDetail {
  return {
    ...toDeliveryApi(webhookId, row),
    payload: row.body,
    attempts: row.attemptLog.map(toAttemptApi),
  };
}

/** A page of the subscription's deliveries, newest first, with the list's filters. */
export async function listWebhookDeliveries({ db, scope }: ScopedDb<WebhookScope>, webhookId: string, q: TListDeliveriesQuery) {
  const webhook = await getWebhook(db, scope, webhookId);
  const where = deliveryWhere(webhook.pk, q);
  const page = await countedPage(
    countDeliveries(db, webhook.pk, q),
    db.webhookDelivery.findMany({ where, select: deliverySelect, orderBy: [{ createdAt: "desc" }, { pk: "desc" }], ...pageWindow(q) }),
  );
  return { count: page.count, rows: page.rows.map((row) => toDeliveryApi(webhook.id, row)) };
}

/** One delivery of the subscription, with every attempt. */
export async function getWebhookDelivery({ db, scope }: ScopedDb<WebhookScope>, webhookId: string, deliveryId: string): Promise<TWebhookDeliveryDetail> {
  const webhook = await getWebhook(db, scope, webhookId);
  // A delivery's id is a UUID: anything else names none (and must not reach the uuid column).
  if (!UUID.test(deliveryId)) throw notFound();
  const row = await db.webhookDelivery.findFirst({ where: { pk: deliveryId, subscriptionPk: webhook.pk }, select: detailSelect });
  if (!row) throw notFound();
  return toDeliveryDetailApi(webhook.id, row);
}

/** Redelivers a delivery: a new delivery of the same event and body, queued now; returns it as the API shows it. */
export async function redeliverWebhookDelivery(ctx: Timed & { scope: WebhookScope }, webhookId: string, deliveryId: string): Promise<TWebhookDeliveryDetail> {
  if (!UUID.test(deliveryId)) throw notFound();
  const pk = await redeliver(ctx, ctx.scope, webhookId, deliveryId);
  return getWebhookDelivery(ctx, webhookId, pk);
}
