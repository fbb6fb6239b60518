/**
 * Every recorded event becomes one delivery per matching subscription, in the same transaction as the
 * change (the outbox). Deliveries of one subscription for one object keep their order (the job's ordering key).
 */
import type { Prisma } from "@/generated/prisma/client";
import { isUserScoped, type EventName } from "@/domain/events/event-catalogue";
import { addJobRows } from "@/domain/outbox/outbox-service";
import { run, sqlIn, SqlStatement } from "@/db/sql-statement";
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

interface DeliveryEvent {
  pk: string | null;
  name: string;
  /** Deliveries of one subscription with the same key run one at a time, in order. */
  objectKey: string;
  body: string;
}

/**
 * Adds to `statement` one delivery per subscription that `subscriptions` (a CTE or subquery with a `pk`
 * column) yields, each with its outbox job; returns the name of the CTE of the new deliveries.
 */
function addDeliveries(statement: SqlStatement, subscriptions: string, event: DeliveryEvent): string {
  const deliveries = statement.with(`INSERT INTO webhook_delivery (pk, subscription_pk, event_pk, event_name, body, next_attempt_at)
    SELECT gen_random_uuid(), s.pk, ${statement.param(event.pk, "uuid")}, ${statement.param(event.name, "text")},
           ${statement.param(event.body, "text")}, now()
    FROM ${subscriptions} s
    RETURNING pk, subscription_pk`);
  addJobRows(statement, {
    kind: DELIVER_WEBHOOK_JOB,
    payload: "jsonb_build_object('deliveryPk', d.pk::text)",
    orderingKey: `d.subscription_pk::text || ':' || ${statement.param(event.objectKey, "text")}`,
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    from: `${deliveries} d`,
  });
  return deliveries;
}

/** One delivery to one subscription (redelivery, test events); returns the delivery's pk. */
export async function queueDelivery(tx: Prisma.TransactionClient, subscriptionPk: string, event: DeliveryEvent): Promise<string> {
  const statement = new SqlStatement();
  const deliveries = addDeliveries(statement, `(SELECT ${statement.param(subscriptionPk, "uuid")} AS pk)`, event);
  const [row] = await run<{ pk: string }>(sqlIn(tx), statement, `SELECT pk::text FROM ${deliveries}`);
  return row.pk;
}

/**
 * Adds to `statement` the event's deliveries: one per subscription that asks for it. The account's events
 * reach every subscription that asks; an Integration's only its own. The subscriptions are read in the
 * statement itself, so the answer is the writing transaction's own view; locked as the deliveries' foreign
 * keys would lock them anyway, so that a subscription deleted meanwhile is skipped rather than failing the write.
 */
export function addFanOut(statement: SqlStatement, event: FanOutEvent): void {
  const integration = isUserScoped(event.name) ? "true" : `integration_pk = ${statement.param(event.integrationPk, "uuid")}`;
  const subscriptions = statement.with(`SELECT pk FROM webhook_subscription
    WHERE account_pk = ${statement.param(event.accountPk, "uuid")} AND environment = ${statement.param(event.environment, "text")}::"Environment"
      AND ${statement.param(event.name, "text")} = ANY(events) AND ${integration}
    FOR KEY SHARE`);
  addDeliveries(statement, subscriptions, { pk: event.pk, name: event.name, objectKey: event.objectPk, body: pythonJson(event.data) });
}
