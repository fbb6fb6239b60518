/** The deliveries of a subscription as the API shows them (GET /v2/webhooks/{id}/deliveries/ and one delivery). */
import { z } from "zod";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";
import { ZInstantInput } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { eventTypeFilter } from "./event-type-filter";

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;

export const ZWebhookDelivery = z
  .object({
    id: z.string().meta({ description: "The delivery's id (a UUID); a redelivery is a new delivery with a new id" }),
    webhook: z.string().meta({ description: "The subscription's id" }),
    event: z.string().nullable().meta({ description: "The id of the event delivered (GET /v2/events/{id}/); null for a test event" }),
    event_type: z.string(),
    status: z.enum(DELIVERY_STATUSES).meta({ description: "pending (being tried, or waiting for a retry), succeeded or failed (every attempt failed)" }),
    attempt_count: z.number().int(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookAttempt = z
  .object({
    attempted_at: z.string(),
    duration_ms: z.number().int(),
    status_code: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null when no answer came (see error)" }),
    error: z.string().nullable().meta({ description: "Why the attempt failed: a network error or timeout, or HTTP <status>; null on success" }),
    response_body: z
      .string()
      .nullable()
      .meta({ description: "The first 1,000 characters of the reply, as the dashboard's delivery log shows them; public receivers only" }),
    response_withheld: z.boolean().meta({ description: "true when a reply came from a non-public address and was not kept" }),
  })
  .meta({ id: "WebhookAttempt" });

export const ZWebhookDeliveryDetail = ZWebhookDelivery.extend({
  payload: z.string().meta({ description: "The exact body sent (and signed)" }),
  attempts: z.array(ZWebhookAttempt).meta({ description: "Every attempt, oldest first" }),
}).meta({ id: "WebhookDeliveryDetail" });
export type TWebhookDeliveryDetail = z.infer<typeof ZWebhookDeliveryDetail>;

const ZStatusFilter = z
  .string()
  .transform((value, ctx) => {
    const status = DELIVERY_STATUSES.find((s) => s === value.trim().toLowerCase());
    if (status) return status;
    ctx.addIssue({ code: "custom", message: t("invalid_choice", { value }) });
    return z.NEVER;
  })
  .optional()
  .meta({ description: "pending, succeeded or failed" });

export const ZDeliveryLookup = z.object({ webhook_id: z.string(), delivery_id: z.string() });

export const ZListDeliveriesQuery = ZPageQuery.extend({
  webhook_id: z.string(),
  status: ZStatusFilter,
  event_type: eventTypeFilter("Only deliveries of these events (repeatable)"),
  ...timestampFilterShape(["created_at"] as const),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;

export const ZWebhookDeliveryList = listEnvelope(ZWebhookDelivery);

/** POST /v2/webhooks/{id}/deliveries/redeliver_failed/: from when (bulk-redeliver.ts). */
export const ZRedeliverFailedRequest = z.object({
  webhook_id: z.string(),
  since: ZInstantInput.meta({ description: "Redeliver the events whose latest delivery made at or after this moment (ISO 8601) failed" }),
});

export const ZRedeliverFailedResult = z
  .object({ count: z.number().int().meta({ description: "How many new deliveries were queued" }) })
  .meta({ id: "RedeliverFailedResult" });

export const ZFailedSinceCount = z.object({ count: z.number().int(), max: z.number().int() });
