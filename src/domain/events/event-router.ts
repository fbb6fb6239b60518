import { z } from "zod";
import { optionalIntegrationProcedure, router } from "@/trpc/init";
import { restMeta } from "@/trpc/openapi-meta";
import { pageEnvelope } from "@/trpc/pagination";
import { getEvent, listEvents, toEventApi, type EventScope } from "./event-list";
import { ZEvent, ZEventList, ZEventLookup, ZListEventsQuery } from "./event-schemas";

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
});
