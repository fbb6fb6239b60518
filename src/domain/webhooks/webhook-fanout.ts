/**
 * Every recorded event becomes one delivery per matching subscription, in the same transaction as the
 * change (the outbox). Deliveries of one subscription for one object keep their order (the job's ordering key).
 */
import type { Prisma } from "@/generated/prisma/client";
import { isUserScoped, type EventName } from "@/domain/events/event-catalogue";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import type { Environment } from "@/domain/environments";
import { pythonJson } from "./webhook-body";

export const DELIVER_WEBHOOK_JOB = "webhook.deliver";
/** The first attempt and up to 10 retries. */
export const WEBHOOK_MAX_ATTEMPTS = 11;

export interface FanOutEvent {
  pk: string | null;
  name: EventName;
  accountPk: string;
  environment: Environment;
  integrationPk: string | null;
  objectPk: string;
  data: Prisma.InputJsonObject;
}

export async function queueDelivery(
  tx: Prisma.TransactionClient,
  subscriptionPk: string,
  event: { pk: string | null; name: string; objectKey: string; body: string },
): Promise<string> {
  const delivery = await tx.webhookDelivery.create({
    data: { subscriptionPk, eventPk: event.pk, eventName: event.name, body: event.body, nextAttemptAt: new Date() },
    select: { pk: true },
  });
  await enqueueJob(tx, {
    kind: DELIVER_WEBHOOK_JOB,
    payload: { deliveryPk: delivery.pk },
    orderingKey: `${subscriptionPk}:${event.objectKey}`,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
  });
  return delivery.pk;
}

/**
 * The matching subscriptions, looked up once per transaction and kind of event: a bulk request records
 * hundreds of events of one kind in one transaction. Events are always recorded in a transaction, so the
 * answer is the transaction's own view.
 */
const lookups = new WeakMap<Prisma.TransactionClient, Map<string, Promise<{ pk: string }[]>>>();

function matchingSubscriptions(tx: Prisma.TransactionClient, event: FanOutEvent): Promise<{ pk: string }[]> {
  const userScoped = isUserScoped(event.name);
  const key = `${event.accountPk}:${event.environment}:${event.name}:${userScoped ? "" : event.integrationPk}`;
  let perTx = lookups.get(tx);
  if (!perTx) lookups.set(tx, (perTx = new Map()));
  let found = perTx.get(key);
  if (!found) {
    // The account's events reach every subscription that asks; an Integration's only its own.
    found = tx.$queryRaw<{ pk: string }[]>`
      SELECT pk::text FROM webhook_subscription
      WHERE account_pk = ${event.accountPk}::uuid AND environment = ${event.environment}::"Environment"
        AND ${event.name} = ANY(events) AND (${userScoped} OR integration_pk = ${event.integrationPk}::uuid)`;
    perTx.set(key, found);
  }
  return found;
}

export async function fanOutEvent(tx: Prisma.TransactionClient, event: FanOutEvent): Promise<number> {
  const subscriptions = await matchingSubscriptions(tx, event);
  if (subscriptions.length === 0) return 0;
  const body = pythonJson(event.data);
  for (const s of subscriptions) await queueDelivery(tx, s.pk, { pk: event.pk, name: event.name, objectKey: event.objectPk, body });
  return subscriptions.length;
}
