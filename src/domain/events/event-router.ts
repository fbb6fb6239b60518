import { z } from "zod";
import { ZQueuedDelivery } from "@/domain/webhooks/webhook-schemas";
import { optionalIntegrationProcedure, router } from "@/trpc/init";
import { restMeta } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { getEvent, listEvents, toEventApi, type EventScope } from "./event-list";
import { listEventDeliveries, redeliverEvent } from "./event-deliveries";
import { ZEvent, ZEventDelivery, ZEventList, ZEventLookup, ZListEventsQuery, ZRedeliverEventRequest } from "./event-schemas";

/** Integration-ID is optional, as on webhooks: with it, the Integration's events; without, the account's own. */
const eventProcedure = optionalIntegrationProcedure.use(({ ctx, next }) => {
  const scope: EventScope = { ...ctx.scope, integrationPk: ctx.integrationPk };
  return next({ ctx: { scope } });
});

const meta = restMeta(
  {
    tags: ["Events"],
    protect: true,
    requestHeaders: z.object({
      "Integration-ID": z
        .string()
        .optional()
        .meta({ description: "That Integration's events (Employee, Payout, Payrun); without it, the account's own (Registration)" }),
    }),
  },
  "/events/",
  "/events/{event_id}/",
);

export const eventRouter = router({
  list: eventProcedure
    .meta(meta.list("List events, newest first"))
    .input(ZListEventsQuery)
    .output(ZEventList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listEvents(ctx, input), (rows) => rows.map(toEventApi))),

  get: eventProcedure
    .meta(meta.get("Retrieve an event"))
    .input(ZEventLookup)
    .output(ZEvent)
    .query(({ ctx, input }) => getEvent(ctx, input.event_id)),

  // Dashboard tools (Developers → Events): where an event went, and a new delivery of it to a chosen subscription.
  deliveries: eventProcedure
    .input(ZEventLookup)
    .output(z.array(ZEventDelivery))
    .query(({ ctx, input }) => listEventDeliveries(ctx, input.event_id)),
  redeliver: eventProcedure
    .input(ZRedeliverEventRequest)
    .output(ZQueuedDelivery)
    .mutation(async ({ ctx, input }) => ({ deliveryPk: await redeliverEvent(ctx, input.event_id, input.webhook_id) })),
});
