import { z } from "zod";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";
import { eventTypeFilter } from "@/domain/webhooks/event-type-filter";
import { ZWebhookDelivery } from "@/domain/webhooks/delivery-schemas";

export const ZEvent = z
  .object({
    id: z.string().meta({ description: "The event's id (a UUID)" }),
    type: z.string().meta({ description: "The event name, e.g. Payout.accepted" }),
    created_at: z.string(),
    object_id: z.string().meta({ description: "The id of the object the event is about, as the API names it" }),
    data: z.record(z.string(), z.unknown()).meta({ description: "The object exactly as its webhook body was (the API's representation then)" }),
  })
  .meta({ id: "Event" });
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventLookup = z.object({ event_id: z.string() });

export const ZListEventsQuery = ZPageQuery.extend({
  type: eventTypeFilter("Only events of these names (repeatable)"),
  object_id: z.string().trim().min(1).max(255).optional().meta({ description: "Only events about the object with this id" }),
  ...timestampFilterShape(["created_at"] as const),
});
export type TListEventsQuery = z.infer<typeof ZListEventsQuery>;

export const ZEventList = listEnvelope(ZEvent);

/** One delivery of an event as the dashboard's event view shows it: the deliveries API's shape and its subscription's URL. */
export const ZEventDelivery = ZWebhookDelivery.extend({ webhook_url: z.string() });
export type TEventDelivery = z.infer<typeof ZEventDelivery>;

export const ZRedeliverEventRequest = ZEventLookup.extend({ webhook_id: z.string().trim().min(1).max(255) });
