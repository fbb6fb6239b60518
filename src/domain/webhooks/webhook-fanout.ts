/**
 * Every recorded event becomes one delivery per matching subscription, in the same transaction as the
 * change (the outbox). Deliveries of one subscription for one object keep their order (the job's ordering key).
 */
import type { Prisma } from "@/generated/prisma/client";
import { isUserScoped, type EventName } from "./event-catalogue";
import { addJobRows } from "@/domain/outbox/outbox-service";
import type { RawBuilder } from "kysely";
import { at, qb, sqlIn, Statement, typed, type Cte } from "@/db/query-builder";
import type { Column } from "@/db/row-sets";
import type { Environment } from "@/domain/environments";
import { pythonJson } from "./webhook-body";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";

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

/** A delivery to make: the subscription, the event, the body, and the key its job is ordered by. */
interface DeliveryTarget {
  delivery_pk: string;
  subscription_pk: string;
  event_pk: string | null;
  event_name: string;
  body: string;
  object_key: string;
}

/**
 * Adds to `statement` one delivery per row of `targets`, each with its outbox job. The delivery's pk is drawn
 * in `targets` (a CTE with a volatile function is evaluated once), so the two inserts read the same rows.
 */
export function addDeliveries(statement: Statement, targets: Cte<DeliveryTarget>, now: RawBuilder<Date>): void {
  statement.with(
    qb
      .insertInto("webhook_delivery")
      .columns(["pk", "subscription_pk", "event_pk", "event_name", "body", "next_attempt_at", "created_at"])
      .expression(
        qb
          .selectFrom(targets.as("t"))
          .select(["t.delivery_pk", "t.subscription_pk", "t.event_pk", "t.event_name", "t.body", now.as("next_attempt_at"), now.as("created_at")]),
      ),
  );
  addJobRows(statement, {
    kind: DELIVER_WEBHOOK_JOB,
    payload: (eb) => eb.fn("jsonb_build_object", [typed("deliveryPk", "text"), eb.cast("d.delivery_pk", "text")]),
    // `<subscription>:<object>`
    orderingKey: (eb) => eb(eb(eb.cast("d.subscription_pk", "text"), "||", typed(":", "text")), "||", eb.ref("d.object_key")).$castTo<string>(),
    maxAttempts: WEBHOOK_MAX_ATTEMPTS,
    runAt: now,
    from: targets,
  });
}

/**
 * One delivery to one subscription (redelivery, test events); returns the delivery's pk. A disabled
 * subscription gets none: a 400 that says so (the delivery would never be sent).
 */
export async function queueDelivery(tx: Prisma.TransactionClient, subscriptionPk: string, event: DeliveryEvent, now: Date): Promise<string> {
  const statement = new Statement();
  const target = statement.with(
    qb
      .selectFrom("webhook_subscription as s")
      .select((eb) => [
        eb.fn<string>("gen_random_uuid").as("delivery_pk"),
        "s.pk as subscription_pk",
        typed(event.pk, "uuid").as("event_pk"),
        typed(event.name, "text").as("event_name"),
        typed(event.body, "text").as("body"),
        typed(event.objectKey, "text").as("object_key"),
      ])
      .where("s.pk", "=", typed(subscriptionPk, "uuid"))
      .where("s.status", "=", "enabled")
      .forKeyShare("s"),
  );
  addDeliveries(statement, target, at(now));
  const [row] = await statement.run(
    sqlIn(tx),
    qb.selectFrom(target.as("t")).select((eb) => eb.cast<string>("t.delivery_pk", "text").as("pk")),
  );
  if (!row) throw new DomainError("validation", { non_field_errors: [t("webhook_disabled")] });
  return row.pk;
}

/** The events of a statement as the fan-out reads them (`addEvents` makes them a CTE). */
export interface FanOutRow {
  pk: string;
  name: string;
  account_pk: string;
  environment: Environment;
  integration_pk: string | null;
  object_pk: string;
  /** The exact bytes each delivery sends. */
  body: string;
  /** Reaches every subscription of the account, not only its Integration's. */
  user_scoped: boolean;
}

/** The columns of FanOutRow that the fan-out derives from the events themselves. */
export function fanOutColumns(events: readonly Pick<FanOutEvent, "name" | "data">[]) {
  return {
    body: [events.map((e) => pythonJson(e.data)), "text"],
    user_scoped: [events.map((e) => isUserScoped(e.name)), "bool"],
  } satisfies { [K in "body" | "user_scoped"]: Column<FanOutRow[K]> };
}

/**
 * Adds to `statement` the events' deliveries: one per subscription that asks for an event. The account's
 * events reach every subscription that asks; an Integration's only its own. The subscriptions are read in the
 * statement itself, so the answer is the writing transaction's own view; locked as the deliveries' foreign
 * keys would lock them anyway, so that a subscription deleted meanwhile is skipped rather than failing the write.
 */
export function addFanOut(statement: Statement, events: Cte<FanOutRow>, now: RawBuilder<Date>): void {
  const targets = statement.with(
    qb
      .selectFrom(events.as("e"))
      .innerJoin("webhook_subscription as s", (join) =>
        join
          .onRef("s.account_pk", "=", "e.account_pk")
          .onRef("s.environment", "=", "e.environment")
          .on((eb) => eb("e.name", "=", eb.fn.any("s.events")))
          .on((eb) => eb.or([eb("e.user_scoped", "=", true), eb("s.integration_pk", "=", eb.ref("e.integration_pk"))]))
          // A disabled subscription gets no delivery of what happens meanwhile, not even once enabled again.
          .on("s.status", "=", "enabled"),
      )
      .select((eb) => [
        eb.fn<string>("gen_random_uuid").as("delivery_pk"),
        "s.pk as subscription_pk",
        eb.ref("e.pk").$castTo<string | null>().as("event_pk"),
        "e.name as event_name",
        "e.body",
        eb.cast<string>("e.object_pk", "text").as("object_key"),
      ])
      .forKeyShare("s"),
  );
  addDeliveries(statement, targets, now);
}
