/**
 * The delivery jobs, a batch at a time: POST the stored body, signed, to the subscription's URL. A 2xx within 10 seconds
 * (WEBHOOK_TIMEOUT_MS) is success; anything else, redirects included (never followed), is logged as an
 * attempt and retried with the outbox's backoff (10 s, 20 s, 40 s … capped at 1 hour, ±25 % jitter) up to
 * 10 times, then the delivery is marked failed. Each POST names its event and itself (Service-Event,
 * Service-Event-Id, Service-Delivery-Id) and is signed with the previous secret too while a roll keeps it;
 * a delivery of a disabled subscription is not sent, and each outcome moves the subscription's health
 * (webhook-health.ts).
 */
import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { z } from "zod";
import { fastSql } from "@/db/fast-sql";
import { qb, runQuery, Statement, typed } from "@/db/query-builder";
import { rowsOf } from "@/db/row-sets";
import { completeJobsQuery } from "@/domain/outbox/outbox-claim";
import { failJob, retryDelayMs, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { Environment } from "@/domain/environments";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { signatureHeader } from "./webhook-body";
import type { WebhookSettings } from "@/config/webhook-settings";
import { resolveTarget } from "./webhook-target";
import { recordFailure, recoveredQuery } from "./webhook-health";
import { previousSecrets } from "./webhook-secrets";
import type { Clock } from "@/domain/shared/clock";
import { clockFor, dbFor } from "@/domain/shared/demo-clock";

const ZPayload = z.object({ deliveryPk: z.string() });

interface PostResult {
  status: number;
  /** The first 1,000 characters of the reply; null when the target is not a public address (never kept). */
  body: string | null;
}

/** What a delivery's headers say besides its signature (Service-Event, Service-Event-Id, Service-Delivery-Id). */
export interface DeliveryIdentity {
  event: string;
  /** The recorded event's id; a test event, which records none, has its delivery's. */
  eventId: string;
  deliveryId: string;
}

/** One signed POST, connected to the address that `resolveTarget` checked. node:http follows no redirect. */
export async function postSigned(
  url: string,
  body: string,
  secrets: { current: string; previous: string[] },
  environment: Environment,
  settings: WebhookSettings,
  signedAt: Date,
  identity: DeliveryIdentity,
): Promise<PostResult> {
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
        headers: {
          "Content-Type": "application/json",
          "Content-Length": payload.length,
          "Service-Signature": signatureHeader(secrets.current, body, signedAt, ...secrets.previous),
          "Service-Event": identity.event,
          "Service-Event-Id": identity.eventId,
          "Service-Delivery-Id": identity.deliveryId,
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
    // The whole exchange within the timeout; one timer rather than an AbortSignal per delivery (a few per cent
    // of a delivery's CPU), failing the same way: "TimeoutError: The operation was aborted due to timeout".
    const timer = setTimeout(() => req.destroy(new DOMException("The operation was aborted due to timeout", "TimeoutError")), settings.timeoutMs);
    req.once("close", () => clearTimeout(timer));
    req.on("error", reject);
    req.end(payload);
  });
}

/**
 * Sends to one receiver (an origin) at most this many deliveries at a time, whatever the batches in flight:
 * a burst of events reaches a receiver quickly without flooding it. Deliveries of one object to one
 * subscription never overlap anyway (the jobs' ordering key).
 */
export const PER_RECEIVER_CONCURRENCY = 16;

/** A counting semaphore per receiver origin; an origin with nothing waiting or running is forgotten. */
const gates = new Map<string, { running: number; waiting: (() => void)[] }>();

async function atReceiver<T>(origin: string, work: () => Promise<T>): Promise<T> {
  let gate = gates.get(origin);
  if (!gate) gates.set(origin, (gate = { running: 0, waiting: [] }));
  if (gate.running >= PER_RECEIVER_CONCURRENCY) await new Promise<void>((resolve) => gate.waiting.push(resolve));
  else gate.running++;
  try {
    return await work();
  } finally {
    const next = gate.waiting.shift();
    if (next)
      next(); // the slot passes on as it is
    else if (--gate.running === 0) gates.delete(origin);
  }
}

interface AttemptRow {
  deliveryPk: string;
  /** The subscription's account's time (its demo clock for a demo subscription). */
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
}

interface DeliveryRow {
  pk: string;
  body: string;
  eventPk: string | null;
  eventName: string;
  subscription: {
    pk: string;
    url: string;
    secretKey: string;
    previousSecretKey: string | null;
    previousSecretExpiresAt: Date | null;
    environment: Environment;
  };
  /** The time of the subscription's account and environment: its demo clock for a demo subscription (demo-clock.ts). */
  clock: Clock;
}

/** One attempt of one delivery: the signed POST and its outcome (never throws). */
async function attemptDelivery(delivery: DeliveryRow, ctx: JobContext): Promise<{ ok: boolean; subscriptionPk: string; attempt: AttemptRow }> {
  const { url, secretKey, environment } = delivery.subscription;
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // postSigned reports the bad URL as the attempt's error
  }
  return atReceiver(origin, async () => {
    // Elapsed time, not the clock's: a duration is measured, whatever time the domain is told it is.
    const started = performance.now();
    let result: PostResult | null = null;
    let error: string | null = null;
    const now = delivery.clock.now();
    const secrets = { current: secretKey, previous: previousSecrets(delivery.subscription, now) };
    const identity = { event: delivery.eventName, eventId: delivery.eventPk ?? delivery.pk, deliveryId: delivery.pk };
    try {
      // Signed at the real time: the receiver checks the signature's age against its own clock, never a demo one.
      result = await postSigned(url, delivery.body, secrets, environment, ctx.webhooks, ctx.clock.now(), identity);
    } catch (e) {
      error = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    const ok = result !== null && result.status >= 200 && result.status < 300;
    ctx.observe?.webhookAttempt(ok ? "success" : result ? "http_error" : "network_error", (performance.now() - started) / 1000);
    return {
      ok,
      subscriptionPk: delivery.subscription.pk,
      attempt: {
        deliveryPk: delivery.pk,
        attemptedAt: now,
        durationMs: Math.round(performance.now() - started),
        statusCode: result?.status ?? null,
        error: error ?? (ok ? null : `HTTP ${result?.status}`),
        responseBody: result?.body ?? null,
      },
    };
  });
}

/**
 * A batch of delivery jobs: every POST at once (at most PER_RECEIVER_CONCURRENCY per receiver), then the
 * successes recorded in one transaction with set-based statements (their attempts, their deliveries, their
 * jobs' completion); a failed attempt is recorded and retried on its own.
 */
export async function deliverWebhooks(jobs: ClaimedJob[], ctx: JobContext): Promise<void> {
  const direct = fastSql(ctx.db);
  const jobOf = new Map(jobs.map((job) => [ZPayload.parse(job.payload).deliveryPk, job]));
  const rows = await runQuery(
    direct,
    qb
      .selectFrom("webhook_delivery as d")
      .innerJoin("webhook_subscription as s", "s.pk", "d.subscription_pk")
      .select([
        "d.pk",
        "d.body",
        "d.status",
        "d.event_pk as eventPk",
        "d.event_name as eventName",
        "s.pk as subscriptionPk",
        "s.status as subscriptionStatus",
        "s.url",
        "s.secret_key as secretKey",
        "s.previous_secret_key as previousSecretKey",
        "s.previous_secret_expires_at as previousSecretExpiresAt",
        "s.environment",
        "s.account_pk as accountPk",
      ])
      .where((eb) => eb("d.pk", "=", eb.fn.any(typed([...jobOf.keys()], "uuid[]")))),
  );
  // Only a pending delivery of an enabled subscription is sent; one of a disabled subscription ends as failed.
  const sendable = rows.filter((r) => r.status === "pending" && r.subscriptionStatus === "enabled");
  const deliveries: DeliveryRow[] = await Promise.all(
    sendable.map(
      async ({ pk, body, eventPk, eventName, subscriptionPk, url, secretKey, previousSecretKey, previousSecretExpiresAt, environment, accountPk }) => ({
        pk,
        body,
        eventPk,
        eventName,
        subscription: { pk: subscriptionPk, url, secretKey, previousSecretKey, previousSecretExpiresAt, environment },
        clock: await clockFor(ctx.db, ctx.clock, accountPk, environment),
      }),
    ),
  );
  // Held: ended at their account's time, one statement per account and environment (a batch holds few).
  const held = new Map<string, { accountPk: string; environment: Environment; pks: string[] }>();
  for (const r of rows.filter((r) => r.status === "pending" && r.subscriptionStatus !== "enabled")) {
    const owner = held.get(`${r.accountPk}:${r.environment}`) ?? { accountPk: r.accountPk, environment: r.environment, pks: [] };
    owner.pks.push(r.pk);
    held.set(`${r.accountPk}:${r.environment}`, owner);
  }
  for (const { accountPk, environment, pks } of held.values()) {
    const clock = await clockFor(ctx.db, ctx.clock, accountPk, environment);
    await dbFor(ctx.db, clock).webhookDelivery.updateMany({
      where: { pk: { in: pks }, status: "pending" },
      data: { status: "failed", completedAt: clock.now(), nextAttemptAt: null },
    });
  }
  const found = new Set(deliveries.map((d) => d.pk));
  // Its subscription was deleted (and the delivery with it), disabled, or the delivery is over: nothing to send.
  const gone = jobs.filter((job) => !found.has(ZPayload.parse(job.payload).deliveryPk));
  const outcomes = await Promise.all(deliveries.map((d) => attemptDelivery(d, ctx)));

  // The successes in one statement: the jobs still ours completed, their attempts logged, their deliveries done.
  const succeeded = outcomes.flatMap((o) => {
    const job = o.ok ? jobOf.get(o.attempt.deliveryPk) : undefined;
    return job ? [{ job, attempt: o.attempt, subscriptionPk: o.subscriptionPk }] : [];
  });
  if (succeeded.length || gone.length) {
    const now = ctx.clock.now();
    const statement = new Statement();
    const mine = statement.with(completeJobsQuery([...gone, ...succeeded.map((o) => o.job)], now));
    // A success stops its subscription's failure clock (webhook-health.ts).
    if (succeeded.length) statement.with(recoveredQuery(succeeded.map((o) => o.subscriptionPk)));
    const attempts = succeeded.map((o) => o.attempt);
    const recorded = statement.with(
      qb
        .selectFrom([
          mine.as("m"),
          rowsOf("a", {
            job_pk: [succeeded.map((o) => o.job.pk), "text"],
            delivery_pk: [attempts.map((a) => a.deliveryPk), "uuid"],
            attempted_at: [attempts.map((a) => a.attemptedAt), "timestamptz"],
            duration_ms: [attempts.map((a) => a.durationMs), "int"],
            status_code: [attempts.map((a) => a.statusCode), "int"],
            response_body: [attempts.map((a) => a.responseBody), "text"],
          }),
        ])
        .select(["a.delivery_pk", "a.attempted_at", "a.duration_ms", "a.status_code", "a.response_body"])
        .whereRef("a.job_pk", "=", "m.pk"),
    );
    statement.with(
      qb
        .insertInto("webhook_attempt")
        .columns(["pk", "delivery_pk", "attempted_at", "duration_ms", "status_code", "response_body"])
        .expression(
          qb
            .selectFrom(recorded.as("r"))
            .select((eb) => [
              eb.fn<string>("gen_random_uuid").as("pk"),
              "r.delivery_pk",
              "r.attempted_at",
              "r.duration_ms",
              "r.status_code",
              "r.response_body",
            ]),
        ),
    );
    await statement.run(
      direct,
      qb
        .updateTable("webhook_delivery")
        .from(recorded.as("r"))
        .set((eb) => ({
          status: "succeeded",
          attempts: eb("webhook_delivery.attempts", "+", 1),
          completed_at: eb.ref("r.attempted_at"),
          next_attempt_at: null,
        }))
        .whereRef("webhook_delivery.pk", "=", "r.delivery_pk"),
    );
  }

  await Promise.all(
    outcomes
      .filter((o) => !o.ok)
      .map(async ({ attempt, subscriptionPk }) => {
        const job = jobOf.get(attempt.deliveryPk);
        if (!job) return;
        const final = job.attempts >= job.maxAttempts;
        const delay = retryDelayMs(job.attempts, ctx.outbox.retryBaseMs);
        // The delivery's own times on its account's clock; the job's retry (failJob) on the real one.
        const now = attempt.attemptedAt;
        const accountClock = deliveries.find((d) => d.pk === attempt.deliveryPk)?.clock ?? ctx.clock;
        await dbFor(ctx.db, accountClock).$transaction(async (tx) => {
          await tx.webhookAttempt.create({ data: attempt });
          await tx.webhookDelivery.update({
            where: { pk: attempt.deliveryPk },
            data: {
              status: final ? "failed" : "pending",
              attempts: { increment: 1 },
              completedAt: final ? now : null,
              nextAttemptAt: final ? null : new Date(now.getTime() + delay),
            },
          });
          await recordFailure(tx, subscriptionPk, now, ctx.webhooks);
        });
        await failJob(ctx.db, job, attempt.error, delay, ctx.clock);
      }),
  );
}
