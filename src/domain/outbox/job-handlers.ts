/** The outbox job registry: what each kind of job does, and what a handler is given. A handler completes its job (completeJob) in its own transaction. */
import type { Db } from "@/db/database";
import type { ClaimedJob } from "./outbox-service";
import type { Mailer } from "@/domain/notifications/mailer";
import type { WebhookSettings } from "@/domain/webhooks/webhook-target";

export interface JobContext {
  db: Db;
  mailer: Mailer;
  /** The public origin for links in emails (PUBLIC_URL, or http://HOST:PORT). */
  publicUrl: string;
  /** WEBHOOK_PRIVATE_TARGETS and WEBHOOK_TIMEOUT_MS. */
  webhooks: WebhookSettings;
  /** Metrics of what the handlers do (METRICS_PORT); absent: none kept. */
  observe?: JobObserver | null;
}

export interface JobObserver {
  /** One webhook POST: 2xx, another status, or no answer (refused, timed out, blocked target). */
  webhookAttempt(outcome: "success" | "http_error" | "network_error", seconds: number): void;
}

export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}

/** The kinds with a handler (for metrics that report every kind, 0 included). */
export function jobKinds(): string[] {
  return [...handlers.keys()];
}
