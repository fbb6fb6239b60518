/**
 * The outbox job registry: what each kind of job does, and what a handler is given. A handler completes its
 * job (completeJob) in its own transaction; a batch handler is given every claimed job of its kind at once and
 * completes them together (completeJobsQuery), with their effects in set-based statements.
 */
import type { Db } from "@/db/database";
import type { ClaimedJob, OutboxSettings } from "./outbox-service";
import type { Mailer } from "@/domain/notifications/mailer";
import type { WebhookSettings } from "@/domain/webhooks/webhook-target";

export interface JobContext {
  db: Db;
  mailer: Mailer;
  /** The public origin for links in emails (PUBLIC_URL, or http://HOST:PORT). */
  publicUrl: string;
  /** WEBHOOK_PRIVATE_TARGETS and WEBHOOK_TIMEOUT_MS. */
  webhooks: WebhookSettings;
  /** The lease of a claimed job and the first retry delay. */
  outbox: OutboxSettings;
  /** The service's Bankgiro account printed on Invoice PDFs (BANKGIRO), or null when none is configured. */
  bankgiro: string | null;
  /** Metrics of what the handlers do (METRICS_PORT); absent: none kept. */
  observe?: JobObserver | null;
}

export interface JobObserver {
  /** One webhook POST: 2xx, another status, or no answer (refused, timed out, blocked target). */
  webhookAttempt(outcome: "success" | "http_error" | "network_error", seconds: number): void;
}

export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<void>;
/**
 * Handles a batch of jobs of one kind. It completes or fails (failJob) each job itself; when it throws, the
 * worker fails every job of the batch still unfinished.
 */
export type BatchJobHandler = (jobs: ClaimedJob[], ctx: JobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const batchHandlers = new Map<string, BatchJobHandler>();

export function registerBatchJobHandler(kind: string, handler: BatchJobHandler): void {
  batchHandlers.set(kind, handler);
}

export function batchJobHandler(kind: string): BatchJobHandler | undefined {
  return batchHandlers.get(kind);
}

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}

/** The kinds with a handler (for metrics that report every kind, 0 included). */
export function jobKinds(): string[] {
  return [...new Set([...handlers.keys(), ...batchHandlers.keys()])];
}
