import { z } from "zod";
import { EVENT_NAMES, isEventName, type EventName } from "./event-catalogue";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZId, ZMetadata, ZMetadataOutput, writeRequests } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";

/** Names older clients still send for the Payrun events (the Payrun was called Invoice until 2025). */
export const LEGACY_EVENT_NAMES: Record<string, EventName> = { "Invoice.created": "Payrun.created", "Invoice.paid": "Payrun.paid" };

const ZEventName = z.string().transform((name, ctx) => {
  const canonical = LEGACY_EVENT_NAMES[name] ?? name;
  if (isEventName(canonical)) return canonical;
  ctx.addIssue({ code: "custom", message: t("unknown_event", { name, valid: EVENT_NAMES.join(", ") }) });
  return z.NEVER;
});

export const WEBHOOK_STATUSES = ["enabled", "disabled"] as const;
export const DISABLED_REASONS = ["manual", "failing"] as const;
export type TDisabledReason = (typeof DISABLED_REASONS)[number];

export const ZWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    secret_key: z.string().meta({ description: "HMAC-SHA256 key of the Service-Signature header" }),
    metadata: ZMetadataOutput,
    status: z.enum(WEBHOOK_STATUSES).meta({ description: "A disabled subscription gets no deliveries, not even of the events that happened meanwhile" }),
    disabled_reason: z
      .enum(DISABLED_REASONS)
      .nullable()
      .meta({ description: "manual: disabled with PATCH; failing: every attempt failed for WEBHOOK_DISABLE_AFTER_MINUTES" }),
    disabled_at: z.string().nullable(),
  })
  .meta({ id: "Webhook" });
export type TWebhook = z.infer<typeof ZWebhook>;

/**
 * A webhook URL as it is stored: the WHATWG serialisation (what the SSRF check and the delivery parse), so
 * that a spelling other parsers read differently (`http://a\\@b/` is host `a` here, `b` to some) is never
 * kept. Userinfo is refused: it is never needed to sign a delivery and only serves to disguise the host.
 */
const ZWebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: () => t("invalid_url") }))
  .transform((raw, ctx) => {
    const url = new URL(raw);
    if (url.username === "" && url.password === "") return url.href;
    ctx.addIssue({ code: "custom", message: t("webhook_url_userinfo") });
    return z.NEVER;
  });

const fields = {
  id: ZId.optional(),
  url: ZWebhookUrl,
  events: z.array(ZEventName).min(1).max(50),
  secret_key: z.string().min(16).max(255).optional(),
  metadata: ZMetadata.optional(),
};

export const ZWebhookLookup = z.object({ webhook_id: z.string() });
const requests = writeRequests(ZWebhookLookup, fields);
export const ZCreateWebhookRequest = requests.create;
/** `status` is set with PATCH (or PUT); omitted, it stays as it is: a PUT of an old client re-enables nothing. */
const status = z
  .enum(WEBHOOK_STATUSES)
  .optional()
  .meta({ description: "disabled: no deliveries until enabled again (the events meanwhile are never delivered)" });
export const ZUpdateWebhookRequest = requests.update.extend({ status });
export const ZReplaceWebhookRequest = requests.replace.extend({ status });
export type TCreateWebhookRequest = z.infer<typeof ZCreateWebhookRequest>;
export type TWebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const ZWebhookList = listEnvelope(ZWebhook);
export const ZListWebhooksQuery = ZPageQuery;

/** The longest a rolled secret may keep signing (a week), and how long by default (a day). */
export const MAX_PREVIOUS_SECRET_MINUTES = 10_080;
export const ZRollSecretRequest = ZWebhookLookup.extend({
  expire_previous_in_minutes: z
    // A form-encoded body sends the number as text.
    .preprocess((v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number().int().min(0).max(MAX_PREVIOUS_SECRET_MINUTES))
    .default(1440)
    .meta({ description: "How long deliveries stay signed with the previous secret too (0 to 10080; default 1440)" }),
});

/** The event catalogue as the dashboard's event picker shows it. */
export const ZEventDescription = z.object({
  name: z.enum(EVENT_NAMES),
  scope: z.enum(["integration", "user"]),
  object: z.string(),
  trigger: z.string(),
});

/** A page of a subscription's delivery log (dashboard only), attempts oldest first. */
export const ZDeliveryLog = z.object({
  count: z.number().int(),
  results: z.array(
    z.object({
      pk: z.string(),
      event: z.string(),
      /** The object the event concerns (its id, and its name where it has one), from the body. */
      object: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
      payload: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      next_attempt_at: z.string().nullable(),
      created_at: z.string(),
      completed_at: z.string().nullable(),
      attempt_log: z.array(
        z.object({
          attempted_at: z.string(),
          duration_ms: z.number().int(),
          status_code: z.number().int().nullable(),
          error: z.string().nullable(),
          response_body: z.string().nullable(),
          response_withheld: z.boolean(),
        }),
      ),
    }),
  ),
});

export const ZQueuedDelivery = z.object({ deliveryPk: z.string() });

/** A subscription's health as the dashboard's badge reads it: the API's fields and when its failures began. */
export const ZWebhookHealth = z.object({
  id: z.string(),
  status: z.enum(WEBHOOK_STATUSES),
  disabled_reason: z.enum(DISABLED_REASONS).nullable(),
  disabled_at: z.string().nullable(),
  failing_since: z.string().nullable(),
});
export type TWebhookHealth = z.infer<typeof ZWebhookHealth>;
