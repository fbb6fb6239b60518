/**
 * What an outbox job handler is given, and how a resource declares its handlers. A handler completes its
 * job (completeJob) in its own transaction; a batch handler is given every claimed job of its kind at once and
 * completes them together (completeJobsQuery), with their effects in set-based statements.
 */
import type { Db } from "@/db/database";
import type { ClaimedJob, OutboxSettings } from "./outbox-service";
import type { Mailer } from "@/domain/notifications/mailer";
import type { WebhookSettings } from "@/config/webhook-settings";
import type { Seller } from "@/config/seller";
import type { Clock } from "@/domain/shared/clock";

export interface JobContext {
  db: Db;
  mailer: Mailer;
  /** The public origin for links in emails (PUBLIC_URL, or http://HOST:PORT). */
  publicUrl: string;
  /** WEBHOOK_PRIVATE_TARGETS, WEBHOOK_TIMEOUT_MS and WEBHOOK_DISABLE_AFTER_MINUTES. */
  webhooks: WebhookSettings;
  /** The lease of a claimed job and the first retry delay. */
  outbox: OutboxSettings;
  /** The service's Bankgiro account printed on Invoice PDFs (BANKGIRO), or null when none is configured. */
  bankgiro: string | null;
  /** The seller Invoices name (SELLER_*), or null when not configured: invoice emails are then refused. */
  seller: Seller | null;
  /** What time it is for the handlers (`systemClock` in the processes). */
  clock: Clock;
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

/** How one kind of job is run: each job alone, or every claimed job of the kind together. */
export type JobHandling = { batch: false; run: JobHandler } | { batch: true; run: BatchJobHandler };

/**
 * Job kinds and their handlers: each resource exports its own record (e.g. `employeeJobs`), and the worker
 * joins them into one (`src/worker/job-registry.ts`), so that the outbox imports no resource.
 */
export type JobHandlers = Readonly<Record<string, JobHandling>>;

export const single = (run: JobHandler): JobHandling => ({ batch: false, run });
export const batch = (run: BatchJobHandler): JobHandling => ({ batch: true, run });
