/** The filters of a subscription's deliveries, one rule for the API's list and the dashboard's log, and their count. */
import type { Db } from "@/db/database";
import { sqlIn } from "@/db/query-builder";
import type { Prisma } from "@/generated/prisma/client";
import { keptCount } from "@/domain/shared/kept-count";
import { timestampWhere, type TimestampFilter } from "@/domain/shared/timestamp-filters";
import type { TListDeliveriesQuery } from "./delivery-schemas";

/** The list's filters; the dashboard's log sends status and event type only. */
export type TDeliveryFilters = Partial<Omit<TListDeliveriesQuery, "webhook_id" | "page" | "page_size">>;

/** The deliveries of subscription `subscriptionPk` that the filters let through (`createdAt`: the filters' own range). */
export function deliveryWhere(
  subscriptionPk: string,
  q: TDeliveryFilters,
  createdAt: TimestampFilter | undefined = timestampWhere(q, "created_at"),
): Prisma.WebhookDeliveryWhereInput {
  return {
    subscriptionPk,
    status: q.status,
    eventName: q.event_type?.length ? { in: q.event_type } : undefined,
    createdAt,
  };
}

/**
 * How many deliveries the filters let through: the subscription's rows of `kept_count` by status and event type
 * (kept-count.ts), so the count does not grow with the retention window; the ends of a time range that cut an hour
 * are counted from the deliveries themselves.
 */
export function countDeliveries(db: Db, subscriptionPk: string, q: TDeliveryFilters): Promise<number> {
  return keptCount(
    sqlIn(db),
    "webhook_delivery",
    (eb) =>
      eb.and([
        eb("scope", "=", subscriptionPk),
        ...(q.status ? [eb("k1", "=", q.status)] : []),
        ...(q.event_type?.length ? [eb("k2", "in", q.event_type)] : []),
      ]),
    timestampWhere(q, "created_at"),
    (createdAt) => db.webhookDelivery.count({ where: deliveryWhere(subscriptionPk, q, createdAt) }),
  );
}
