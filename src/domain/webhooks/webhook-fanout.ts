/**
 * Every recorded event becomes one delivery per matching subscription, in the same transaction as the
 * change (the outbox). Deliveries of one subscription for one object keep their order (the job's ordering key).
 */
import type { Prisma } from "@/generated/prisma/client";
import { isUserScoped, type EventName } from "@/domain/events/event-catalogue";
import { addJobRows } from "@/domain/outbox/outbox-service";
import { qb, sqlIn, Statement, typed, type Cte } from "@/db/query-builder";
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
 * Adds to `statement` one delivery per subscription that `subscriptions` (a CTE with a `pk` column) yields,
 * each with its outbox job; returns the CTE of the new deliveries.
 */
function addDeliveries(statement: Statement, subscriptions: Cte<{ pk: string }>, event: DeliveryEvent): Cte<{ pk: string; subscription_pk: string }> {
  const deliveries = statement.with(
    qb
      .insertInto("webhook_delivery")
      .columns(["pk", "subscription_pk", "event_pk", "event_name", "body", "next_attempt_at"])
      .expression(
        qb
          .selectFrom(subscriptions.as("s"))
          .select((eb) => [
            eb.fn<string>("gen_random_uuid").as("pk"),
            "s.pk",
            typed(event.pk, "uuid").as("event_pk"),
            typed(event.name, "text").as("event_name"),
            typed(event.body, "text").as("body"),
            eb.fn<Date>("now").as("next_attempt_at"),
          ]),
      )
      .returning(["pk", "subscription_pk"]),
  );
  addJobRows(statement, {
    kind: DELIVER_WEBHOOK_JOB,
    payload: (eb) => eb.fn("jsonb_build_object", [typed("deliveryPk", "text"), eb.cast("d.pk", "text")]),
    // `<subscription>:<object>`
    orderingKey: (eb) => eb(eb(eb.cast("d.subscription_pk", "text"), "||", typed(":", "text")), "||", typed(event.objectKey, "text")).$castTo<string>(),
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    from: deliveries,
  });
  return deliveries;
}

/** One delivery to one subscription (redelivery, test events); returns the delivery's pk. */
export async function queueDelivery(tx: Prisma.TransactionClient, subscriptionPk: string, event: DeliveryEvent): Promise<string> {
  const statement = new Statement();
  const subscription = statement.with(qb.selectNoFrom(typed(subscriptionPk, "uuid").as("pk")));
  const deliveries = addDeliveries(statement, subscription, event);
  const [row] = await statement.run(sqlIn(tx), qb.selectFrom(deliveries.as("d")).select((eb) => eb.cast<string>("d.pk", "text").as("pk")));
  return row.pk;
}

/**
 * Adds to `statement` the event's deliveries: one per subscription that asks for it. The account's events
 * reach every subscription that asks; an Integration's only its own. The subscriptions are read in the
 * statement itself, so the answer is the writing transaction's own view; locked as the deliveries' foreign
 * keys would lock them anyway, so that a subscription deleted meanwhile is skipped rather than failing the write.
 */
export function addFanOut(statement: Statement, event: FanOutEvent): void {
  const subscriptions = statement.with(
    qb
      .selectFrom("webhook_subscription")
      .select("pk")
      .where("account_pk", "=", typed(event.accountPk, "uuid"))
      .where("environment", "=", typed(event.environment, "Environment"))
      .where((eb) => eb(typed<string>(event.name, "text"), "=", eb.fn.any("events")))
      .$if(!isUserScoped(event.name), (q) => q.where("integration_pk", "=", typed(event.integrationPk, "uuid")))
      .forKeyShare(),
  );
  addDeliveries(statement, subscriptions, { pk: event.pk, name: event.name, objectKey: event.objectPk, body: pythonJson(event.data) });
}
