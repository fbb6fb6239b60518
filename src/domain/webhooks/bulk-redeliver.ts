/**
 * "Redeliver failed since…": every event whose latest delivery to a subscription, made at or after a moment,
 * failed gets a new delivery (as one redelivery each would: same body and Service-Event-Id, a new
 * Service-Delivery-Id), queued through the outbox in one statement. At most REDELIVER_FAILED_MAX at once: a
 * wider window is refused rather than cut at an arbitrary row, so the caller picks a later moment.
 * Test events (no event) are not redelivered; an event redelivered since is counted once, by its latest delivery.
 */
import { DomainError } from "@/domain/errors";
import type { ServiceContext } from "@/domain/shared/service-context";
import { at, qb, runIn, sqlIn, Statement, typed } from "@/db/query-builder";
import type { Prisma } from "@/generated/prisma/client";
import { t } from "@/i18n/locale";
import { addDeliveries } from "./webhook-fanout";
import { getWebhook, type WebhookScope } from "./webhook-service";

/** The most failed deliveries one request redelivers (README, "Webhooks"). */
export const REDELIVER_FAILED_MAX = 1_000;

type Ctx = Pick<ServiceContext<WebhookScope>, "db" | "scope" | "clock">;

/** The failed deliveries of the subscription made at or after `since` that are their event's latest delivery to it. */
function failedSince(subscriptionPk: string, since: Date) {
  return qb
    .selectFrom("webhook_delivery as d")
    .where("d.subscription_pk", "=", typed(subscriptionPk, "uuid"))
    .where("d.status", "=", "failed")
    .where("d.created_at", ">=", at(since))
    .where("d.event_pk", "is not", null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom("webhook_delivery as later")
            .select("later.pk")
            .whereRef("later.event_pk", "=", "d.event_pk")
            .whereRef("later.subscription_pk", "=", "d.subscription_pk")
            .whereRef("later.created_at", ">", "d.created_at"),
        ),
      ),
    );
}

async function countIn(db: Prisma.TransactionClient, subscriptionPk: string, since: Date): Promise<number> {
  const [row] = await runIn(
    db,
    failedSince(subscriptionPk, since).select((eb) => eb.fn.countAll<string>().as("n")),
  );
  return Number(row?.n ?? 0);
}

/** How many deliveries `redeliverFailedSince` would queue now, and the most it queues at once. */
export async function countFailedSince({ db, scope }: Pick<Ctx, "db" | "scope">, webhookId: string, since: Date) {
  const webhook = await getWebhook(db, scope, webhookId);
  return { count: await countIn(db, webhook.pk, since), max: REDELIVER_FAILED_MAX };
}

/** Queues a new delivery of each such event; returns how many. A disabled subscription, or more than the maximum, is a 400. */
export async function redeliverFailedSince({ db, scope, clock }: Ctx, webhookId: string, since: Date): Promise<number> {
  const webhook = await getWebhook(db, scope, webhookId);
  if (webhook.status !== "enabled") throw new DomainError("validation", { non_field_errors: [t("webhook_disabled")] });
  const now = clock.now();
  return db.$transaction(async (tx) => {
    const count = await countIn(tx, webhook.pk, since);
    if (count > REDELIVER_FAILED_MAX) {
      throw new DomainError("validation", { since: [t("redeliver_failed_too_many", { count, max: REDELIVER_FAILED_MAX })] });
    }
    if (count === 0) return 0;
    const statement = new Statement();
    const targets = statement.with(
      failedSince(webhook.pk, since)
        // The subscription may have been disabled meanwhile: then nothing is queued (as queueDelivery does).
        .innerJoin("webhook_subscription as s", (join) => join.onRef("s.pk", "=", "d.subscription_pk").on("s.status", "=", "enabled"))
        .select((eb) => [
          eb.fn<string>("gen_random_uuid").as("delivery_pk"),
          "d.subscription_pk",
          eb.ref("d.event_pk").$castTo<string | null>().as("event_pk"),
          "d.event_name",
          "d.body",
          // Each its own ordering key, as a single redelivery's: none waits for another.
          eb(typed("redeliver:", "text"), "||", eb.cast<string>("d.pk", "text")).$castTo<string>().as("object_key"),
        ])
        .forKeyShare("s"),
    );
    addDeliveries(statement, targets, at(now));
    const [row] = await statement.run(
      sqlIn(tx),
      qb.selectFrom(targets.as("t")).select((eb) => eb.fn.countAll<string>().as("n")),
    );
    return Number(row?.n ?? 0);
  });
}
