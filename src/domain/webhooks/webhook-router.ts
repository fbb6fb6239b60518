import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import type { Context } from "@/trpc/context";
import type { AuditBy } from "@/domain/audit/audit-record";
import { realNow } from "@/domain/shared/demo-clock";
import { EVENT_CATALOGUE, EVENT_NAMES } from "./event-catalogue";
import { accountProcedure, optionalIntegrationProcedure, router, type Meta } from "@/trpc/init";
import { pageEnvelope } from "@/trpc/pagination";
import { listDeliveries, redeliver, sendTestEvent } from "./webhook-log";
import { ZListDeliveriesQuery } from "./delivery-schemas";
import { webhookHealth } from "./webhook-health-view";
import {
  ZCreateWebhookRequest,
  ZDeliveryLog,
  ZEventDescription,
  ZListWebhooksQuery,
  ZQueuedDelivery,
  ZReplaceWebhookRequest,
  ZRollSecretRequest,
  ZUpdateWebhookRequest,
  ZWebhook,
  ZWebhookHealth,
  ZWebhookList,
  ZWebhookLookup,
} from "./webhook-schemas";
import { rollSecret } from "./webhook-secrets";
import {
  revealSecret,
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  rotateSecret,
  toWebhookApi,
  updateWebhook,
  type WebhookScope,
} from "./webhook-service";

/** Integration-ID is optional here: with it, the Integration's scope; without, the account's. Who may call it: permissions.ts. */
const webhookProcedure = optionalIntegrationProcedure.use(({ ctx, next }) => {
  const webhookScope: WebhookScope = { ...ctx.scope, integrationPk: ctx.integrationPk };
  return next({ ctx: { webhookScope } });
});

/** Who acts, and when, for the audit log. */
const by = (ctx: Context): AuditBy => ({ actor: auditActorOf(ctx), at: ctx.clock.now(), realAt: realNow(ctx.clock) });

const eventTable = EVENT_NAMES.map(
  (n) => `- \`${n}\` (${EVENT_CATALOGUE[n].scope}-scoped, body: ${EVENT_CATALOGUE[n].object}): ${EVENT_CATALOGUE[n].trigger}`,
).join("\n");
const openapi = {
  tags: ["Webhooks"],
  protect: true,
  requestHeaders: z.object({ "Integration-ID": z.string().optional().meta({ description: "Needed for Employee, Payout and Payrun events" }) }),
};
const item = "/webhooks/{webhook_id}/";

/** PATCH (`partial`) keeps omitted fields, PUT (`replace`) resets them as create would: one service call, told which. */
const writeProcedure = (writeMeta: Meta, request: typeof ZUpdateWebhookRequest | typeof ZReplaceWebhookRequest, mode: "partial" | "replace") =>
  webhookProcedure
    .meta(writeMeta)
    .input(request)
    .output(ZWebhook)
    .mutation(async ({ ctx, input: { webhook_id, ...body } }) =>
      toWebhookApi(await updateWebhook(ctx.db, ctx.webhookScope, webhook_id, body, mode, ctx.webhookPrivateTargets, by(ctx))),
    );

export const webhookRouter = router({
  list: webhookProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "GET",
        path: "/webhooks/",
        summary: "List webhook subscriptions (with Integration-ID: that Integration's and the account's)",
      },
      detailPath: "/v2/webhooks/{id}/",
    })
    .input(ZListWebhooksQuery)
    .output(ZWebhookList)
    .query(async ({ ctx, input }) => pageEnvelope(ctx, input, await listWebhooks(ctx.db, ctx.webhookScope, input), (rows) => rows.map(toWebhookApi))),

  get: webhookProcedure
    .meta({ openapi: { ...openapi, method: "GET", path: item, summary: "Retrieve a webhook subscription" } })
    .input(ZWebhookLookup)
    .output(ZWebhook)
    .query(async ({ ctx, input }) => toWebhookApi(await getWebhook(ctx.db, ctx.webhookScope, input.webhook_id))),

  create: webhookProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: "/webhooks/",
        summary: "Subscribe a URL to events",
        description:
          `Deliveries are POSTs of the object as the API represents it, signed with \`Service-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">\` ` +
          "(after a roll_secret, one `v1` per valid secret: accept any), with `Service-Event` (the event), `Service-Event-Id` (the same on " +
          "every retry and redelivery) and `Service-Delivery-Id` (the same on a delivery's retries, new for a redelivery). A subscription " +
          `whose every attempt has failed for WEBHOOK_DISABLE_AFTER_MINUTES (default 4320, three days) is disabled (\`disabled_reason\`: failing). Events:\n${eventTable}`,
      },
      status: 201,
    })
    .input(ZCreateWebhookRequest)
    .output(ZWebhook)
    .mutation(async ({ ctx, input }) => toWebhookApi(await createWebhook(ctx.db, ctx.webhookScope, input, ctx.webhookPrivateTargets, by(ctx)))),

  update: writeProcedure(
    {
      openapi: {
        ...openapi,
        method: "PATCH",
        path: item,
        summary: "Update a webhook subscription",
        description:
          '`{"status": "disabled"}` stops its deliveries (pending ones too; events meanwhile are never delivered to it); `{"status": "enabled"}` resumes them.',
      },
    },
    ZUpdateWebhookRequest,
    "partial",
  ),
  replace: writeProcedure(
    { openapi: { ...openapi, method: "PUT", path: item, summary: "Replace a webhook subscription (a new secret_key when omitted)" } },
    ZReplaceWebhookRequest,
    "replace",
  ),

  rollSecret: webhookProcedure
    .meta({
      openapi: {
        ...openapi,
        method: "POST",
        path: "/webhooks/{webhook_id}/roll_secret/",
        summary: "Roll a webhook subscription's secret (the previous one signs too until it expires)",
        description:
          "Returns the subscription with its new `secret_key`. Until `expire_previous_in_minutes` have passed, deliveries carry " +
          "a signature with each secret, `Service-Signature: t=<unix>,v1=<with the new>,v1=<with the previous>`: a receiver " +
          "accepts the delivery when any `v1` matches. 0 ends the previous secret at once; rolling again replaces it.",
      },
    })
    .input(ZRollSecretRequest)
    .output(ZWebhook)
    .mutation(async ({ ctx, input }) => toWebhookApi(await rollSecret(ctx.db, ctx.webhookScope, input.webhook_id, input.expire_previous_in_minutes, by(ctx)))),

  delete: webhookProcedure
    .meta({ openapi: { ...openapi, method: "DELETE", path: item, summary: "Delete a webhook subscription" }, status: 204 })
    .input(ZWebhookLookup)
    .output(z.void())
    .mutation(({ ctx, input }) => deleteWebhook(ctx.db, ctx.webhookScope, input.webhook_id, by(ctx))),

  // Dashboard tools
  events: accountProcedure.output(z.array(ZEventDescription)).query(() => EVENT_NAMES.map((name) => ({ name, ...EVENT_CATALOGUE[name] }))),
  rotateSecret: webhookProcedure
    .input(ZWebhookLookup)
    .output(ZWebhook)
    .mutation(async ({ ctx, input }) => toWebhookApi(await rotateSecret(ctx.db, ctx.webhookScope, input.webhook_id, by(ctx)))),
  revealSecret: webhookProcedure
    .input(ZWebhookLookup)
    .output(z.object({ secret_key: z.string() }))
    .mutation(async ({ ctx, input }) => ({ secret_key: await revealSecret(ctx.db, ctx.webhookScope, input.webhook_id, by(ctx)) })),
  deliveries: webhookProcedure
    .input(ZWebhookLookup.extend({ page: z.number().int().min(1).default(1) }).extend(ZListDeliveriesQuery.pick({ status: true, event_type: true }).shape))
    .output(ZDeliveryLog)
    .query(({ ctx, input: { webhook_id, page, ...filters } }) => listDeliveries(ctx.db, ctx.webhookScope, webhook_id, page, filters)),
  health: webhookProcedure
    .input(z.object({ webhook_ids: z.array(z.string()).max(100) }))
    .output(z.array(ZWebhookHealth))
    .query(({ ctx, input }) => webhookHealth(ctx.db, ctx.webhookScope, input.webhook_ids)),
  redeliver: webhookProcedure
    .input(ZWebhookLookup.extend({ deliveryPk: z.uuid() }))
    .output(ZQueuedDelivery)
    .mutation(async ({ ctx, input }) => ({ deliveryPk: await redeliver(ctx, ctx.webhookScope, input.webhook_id, input.deliveryPk) })),
  sendTest: webhookProcedure
    .input(ZWebhookLookup.extend({ event: z.enum(EVENT_NAMES) }))
    .output(ZQueuedDelivery)
    .mutation(async ({ ctx, input }) => ({ deliveryPk: await sendTestEvent(ctx, ctx.webhookScope, input.webhook_id, input.event) })),
});
