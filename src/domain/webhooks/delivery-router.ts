import { z } from "zod";
import { optionalIntegrationProcedure, router } from "@/trpc/init";
import { pageEnvelope } from "@/trpc/pagination";
import { getWebhookDelivery, listWebhookDeliveries, redeliverWebhookDelivery } from "./delivery-api";
import { countFailedSince, REDELIVER_FAILED_MAX, redeliverFailedSince } from "./bulk-redeliver";
import {
  ZDeliveryLookup,
  ZFailedSinceCount,
  ZListDeliveriesQuery,
  ZRedeliverFailedRequest,
  ZRedeliverFailedResult,
  ZWebhookDeliveryDetail,
  ZWebhookDeliveryList,
} from "./delivery-schemas";
import type { WebhookScope } from "./webhook-service";

/** As the subscriptions' own procedures: with Integration-ID, the Integration's scope; without, the account's. */
const deliveryProcedure = optionalIntegrationProcedure.use(({ ctx, next }) => {
  const scope: WebhookScope = { ...ctx.scope, integrationPk: ctx.integrationPk };
  return next({ ctx: { scope } });
});

const openapi = {
  tags: ["Webhooks"],
  protect: true,
  requestHeaders: z.object({ "Integration-ID": z.string().optional().meta({ description: "Needed for an Integration's subscriptions" }) }),
};
const collection = "/webhooks/{webhook_id}/deliveries/";
const item = "/webhooks/{webhook_id}/deliveries/{delivery_id}/";

export const webhookDeliveryRouter = router({
  list: deliveryProcedure
    // The detail link is relative: the page's own path is the collection's.
    .meta({ openapi: { ...openapi, method: "GET", path: collection, summary: "List a webhook subscription's deliveries, newest first" }, detailPath: "{id}/" })
    .input(ZListDeliveriesQuery)
    .output(ZWebhookDeliveryList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listWebhookDeliveries(ctx, input.webhook_id, input), (rows) => rows)),

  get: deliveryProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve a webhook delivery with its attempts" } })
    .input(ZDeliveryLookup)
    .output(ZWebhookDeliveryDetail)
    .query(({ ctx, input }) => getWebhookDelivery(ctx, input.webhook_id, input.delivery_id)),

  redeliver: deliveryProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: `${item}redeliver/`,
        summary: "Redeliver: a new delivery of the same event, signed with the current secret",
        description: "Answers 202 with the new delivery (status pending); the original keeps its history.",
      },
      status: 202,
    })
    .input(ZDeliveryLookup)
    .output(ZWebhookDeliveryDetail)
    .mutation(({ ctx, input }) => redeliverWebhookDelivery(ctx, input.webhook_id, input.delivery_id)),

  redeliverFailed: deliveryProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: `${collection}redeliver_failed/`,
        summary: "Redeliver the failed deliveries since a moment",
        description:
          "Every event whose latest delivery to this subscription, made at or after `since`, failed gets a new delivery (as redeliver " +
          `does: same Service-Event-Id, a new Service-Delivery-Id). Test events are not included. At most ${REDELIVER_FAILED_MAX.toLocaleString("en")} ` +
          "at once: more is a 400 (pick a later `since`); a disabled subscription is a 400. Answers 202 with how many were queued.",
      },
      status: 202,
    })
    .input(ZRedeliverFailedRequest)
    .output(ZRedeliverFailedResult)
    .mutation(async ({ ctx, input }) => ({ count: await redeliverFailedSince(ctx, input.webhook_id, input.since) })),

  // Dashboard tool: the count "Redeliver failed since…" shows before it runs.
  countFailed: deliveryProcedure
    .input(ZRedeliverFailedRequest)
    .output(ZFailedSinceCount)
    .query(({ ctx, input }) => countFailedSince(ctx, input.webhook_id, input.since)),
});
