/** The delivery log of a subscription, redelivery, and test events (the dashboard's webhook tools). */
import crypto from "node:crypto";
import type { Timed } from "@/domain/shared/service-context";
import { z } from "zod";
import type { Db } from "@/db/database";
import { EVENT_CATALOGUE, type EventName } from "./event-catalogue";
import { DomainError, notFound } from "@/domain/errors";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { countDeliveries, deliveryWhere, type TDeliveryFilters } from "./delivery-filter";
import { pythonJson } from "./webhook-body";
import { queueDelivery } from "./webhook-fanout";
import { getWebhook, type WebhookScope } from "./webhook-service";

const ZDeliveredObject = z.object({
  id: z.string(),
  name: z.string().nullish(),
  friendly_name: z.string().nullish(),
  description: z.string().nullish(),
});

/** Which object a delivery concerns, read from the body sent (the event's object as the API represented it). */
export function deliveryObject(body: string): { id: string; name: string | null } | null {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return null;
  }
  const parsed = ZDeliveredObject.safeParse(data);
  if (!parsed.success) return null;
  const { id, name, friendly_name, description } = parsed.data;
  return { id, name: name || friendly_name || description || null };
}

/** One attempt as the dashboard's log and the deliveries API show it. */
export function toAttemptApi(a: { attemptedAt: Date; durationMs: number; statusCode: number | null; error: string | null; responseBody: string | null }) {
  return {
    attempted_at: timestamp(a.attemptedAt),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    error: a.error,
    response_body: a.responseBody,
    // A reply from a non-public target is never stored (webhook-delivery.ts); say so rather than show nothing.
    response_withheld: a.statusCode !== null && a.responseBody === null,
  };
}

/** A page of the subscription's log, newest first, filtered as the API's list is (delivery-filter.ts). */
export async function listDeliveries(db: Db, scope: WebhookScope, webhookId: string, page: number, filters: TDeliveryFilters = {}, pageSize = 20) {
  const webhook = await getWebhook(db, scope, webhookId);
  const where = deliveryWhere(webhook.pk, filters);
  const [count, rows] = await Promise.all([
    countDeliveries(db, webhook.pk, filters),
    db.webhookDelivery.findMany({
      where,
      orderBy: { createdAt: "desc" },
      skip: (Math.max(1, page) - 1) * pageSize,
      take: pageSize,
      select: {
        pk: true,
        eventName: true,
        body: true,
        status: true,
        attempts: true,
        nextAttemptAt: true,
        createdAt: true,
        completedAt: true,
        attemptLog: { orderBy: { attemptedAt: "asc" }, select: { attemptedAt: true, durationMs: true, statusCode: true, error: true, responseBody: true } },
      },
    }),
  ]);
  return {
    count,
    results: rows.map((d) => ({
      pk: d.pk,
      event: d.eventName,
      object: deliveryObject(d.body),
      payload: d.body,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: timestamp(d.nextAttemptAt),
      created_at: timestamp(d.createdAt),
      completed_at: timestamp(d.completedAt),
      attempt_log: d.attemptLog.map(toAttemptApi),
    })),
  };
}

/** Sends a delivery's body again, as a new delivery (the original keeps its history). */
export async function redeliver({ db, clock }: Timed, scope: WebhookScope, webhookId: string, deliveryPk: string): Promise<string> {
  const webhook = await getWebhook(db, scope, webhookId);
  const original = await db.webhookDelivery.findFirst({
    where: { pk: deliveryPk, subscriptionPk: webhook.pk },
    select: { eventPk: true, eventName: true, body: true },
  });
  if (!original) throw notFound();
  return db.$transaction((tx) =>
    queueDelivery(tx, webhook.pk, { pk: original.eventPk, name: original.eventName, objectKey: `redeliver:${deliveryPk}`, body: original.body }, clock.now()),
  );
}

/**
 * Sends a test event: the latest real object of that event in the subscription's scope, or when there is
 * none yet, a sample object of the right shape with id "test".
 */
export async function sendTestEvent({ db, clock }: Timed, scope: WebhookScope, webhookId: string, name: EventName): Promise<string> {
  const webhook = await getWebhook(db, scope, webhookId);
  if (!webhook.events.includes(name)) throw new DomainError("validation", { event: [t("invalid_choice", { value: name })] });
  const latest = await db.event.findFirst({
    where: { accountPk: scope.accountPk, environment: scope.environment, name, ...(webhook.integrationPk ? { integrationPk: webhook.integrationPk } : {}) },
    orderBy: { seq: "desc" },
    select: { data: true },
  });
  const body = pythonJson(latest?.data ?? { id: "test", object: EVENT_CATALOGUE[name].object, test: true });
  // A key of its own: a test event waits for no other delivery of the subscription.
  return db.$transaction((tx) => queueDelivery(tx, webhook.pk, { pk: null, name, objectKey: `test:${crypto.randomUUID()}`, body }, clock.now()));
}
