/**
 * The delivery job: POST the stored body, signed, to the subscription's URL. A 2xx within 10 seconds
 * (WEBHOOK_TIMEOUT_MS) is success; anything else, redirects included (never followed), is logged as an
 * attempt and retried with the outbox's backoff (10 s, 20 s, 40 s … capped at 1 hour, ±25 % jitter) up to
 * 10 times, then the delivery is marked failed.
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { z } from "zod";
import { completeJob, failJob, retryDelayMs, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { Environment } from "@/domain/environments";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { signatureHeader } from "./webhook-body";
import { resolveTarget, type WebhookSettings } from "./webhook-target";

const ZPayload = z.object({ deliveryPk: z.string() });

interface PostResult {
  status: number;
  /** The first 1,000 characters of the reply; null when the target is not a public address (never kept). */
  body: string | null;
}

/** One signed POST, connected to the address that `resolveTarget` checked. node:http follows no redirect. */
export async function postSigned(url: string, body: string, secret: string, environment: Environment, settings: WebhookSettings): Promise<PostResult> {
  const target = new URL(url);
  const { address, family, public: isPublic } = await resolveTarget(target, environment, settings.privateTargets);
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const payload = Buffer.from(body, "utf8");
  const client = target.protocol === "https:" ? https : http;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        lookup,
        signal: AbortSignal.timeout(settings.timeoutMs),
        headers: {
          "Content-Type": "application/json",
          "Content-Length": payload.length,
          "Service-Signature": signatureHeader(secret, body),
          "User-Agent": "Payroute-Webhooks/1",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (isPublic && size < 2048) chunks.push(c);
          size += c.length;
        });
        // An internal service's reply must never reach the delivery log (SSRF read-back): status and timing only.
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: isPublic ? Buffer.concat(chunks).toString("utf8").slice(0, 1000) : null }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

export async function deliverWebhook(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const { deliveryPk } = ZPayload.parse(job.payload);
  const delivery = await ctx.db.webhookDelivery.findUnique({
    where: { pk: deliveryPk },
    select: { pk: true, body: true, subscription: { select: { url: true, secretKey: true, environment: true } } },
  });
  if (!delivery) {
    await ctx.db.$transaction((tx) => completeJob(tx, job)); // its subscription was deleted
    return;
  }
  const started = Date.now();
  let result: PostResult | null = null;
  let error: string | null = null;
  try {
    const { url, secretKey, environment } = delivery.subscription;
    result = await postSigned(url, delivery.body, secretKey, environment, ctx.webhooks);
  } catch (e) {
    error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  }
  const ok = result !== null && result.status >= 200 && result.status < 300;
  ctx.observe?.webhookAttempt(ok ? "success" : result ? "http_error" : "network_error", (Date.now() - started) / 1000);
  const attempt = {
    deliveryPk,
    durationMs: Date.now() - started,
    statusCode: result?.status ?? null,
    error: error ?? (ok ? null : `HTTP ${result?.status}`),
    responseBody: result?.body ?? null,
  };
  if (ok) {
    await ctx.db.$transaction(async (tx) => {
      await tx.webhookAttempt.create({ data: attempt });
      await tx.webhookDelivery.update({
        where: { pk: deliveryPk },
        data: { status: "succeeded", attempts: { increment: 1 }, completedAt: new Date(), nextAttemptAt: null },
      });
      await completeJob(tx, job);
    });
    return;
  }
  const final = job.attempts >= job.maxAttempts;
  const delay = retryDelayMs(job.attempts);
  await ctx.db.$transaction(async (tx) => {
    await tx.webhookAttempt.create({ data: attempt });
    await tx.webhookDelivery.update({
      where: { pk: deliveryPk },
      data: {
        status: final ? "failed" : "pending",
        attempts: { increment: 1 },
        completedAt: final ? new Date() : null,
        nextAttemptAt: final ? null : new Date(Date.now() + delay),
      },
    });
  });
  await failJob(ctx.db, job, attempt.error, delay);
}
