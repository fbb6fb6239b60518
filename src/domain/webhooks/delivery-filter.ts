/** The filters of a subscription's deliveries, one rule for the API's list and the dashboard's log. */
import type { Prisma } from "@/generated/prisma/client";
import { timestampWhere } from "@/domain/shared/timestamp-filters";
import type { TListDeliveriesQuery } from "./delivery-schemas";

/** The list's filters; the dashboard's log sends status and event type only. */
export type TDeliveryFilters = Partial<Omit<TListDeliveriesQuery, "webhook_id" | "page" | "page_size">>;

/** The deliveries of subscription `subscriptionPk` that the filters let through. */
export function deliveryWhere(subscriptionPk: string, q: TDeliveryFilters): Prisma.WebhookDeliveryWhereInput {
  return {
    subscriptionPk,
    status: q.status,
    eventName: q.event_type?.length ? { in: q.event_type } : undefined,
    createdAt: timestampWhere(q, "created_at"),
  };
}
