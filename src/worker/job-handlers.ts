/** What each kind of outbox job does. A handler completes its job (completeJob) in its own transaction. */
import type { Db } from "@/db/database";
import type { ClaimedJob } from "@/domain/outbox/outbox-service";
import type { Mailer } from "@/domain/notifications/mailer";

export interface JobContext {
  db: Db;
  mailer: Mailer;
  publicUrl: string | undefined;
}

export type JobHandler = (job: ClaimedJob, ctx: JobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();

export function registerJobHandler(kind: string, handler: JobHandler): void {
  handlers.set(kind, handler);
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}
