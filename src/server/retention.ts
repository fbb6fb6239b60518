/**
 * The retention jobs of every table that grows with traffic, run hourly by each web process (they are
 * idempotent, so many instances running them at once only find less to remove). The table of what is kept how
 * long is in docs/deploy.md, "Retention". Each job removes in batches (src/domain/shared/in-batches.ts).
 */
import { purgeAuthRecords } from "@/auth/auth-retention";
import { purgeOldAuditRecords } from "@/domain/audit/audit-retention";
import type { Db } from "@/db/database";
import { purgeEmployeeAccess } from "@/domain/employees/employee-access-retention";
import { purgeOldEvents } from "@/domain/events/event-retention";
import { purgeExpiredIdempotencyKeys } from "@/domain/idempotency/idempotency-service";
import { purgeFinishedJobs } from "@/domain/outbox/outbox-service";
import { purgeOldRequestLogs } from "@/domain/request-log/request-log-retention";
import { foldKeptCounts } from "@/domain/shared/kept-count";
import { purgeOldWebhookDeliveries } from "@/domain/webhooks/webhook-retention";

export interface RetentionSettings {
  WEBHOOK_RETENTION_DAYS: number;
  EVENT_RETENTION_DAYS: number;
  REQUEST_LOG_DAYS: number;
  AUDIT_LOG_DAYS: number;
}

/** Runs every job one after the other (one connection at a time, never a burst on the pool); the rows each removed. */
export async function runRetention(db: Db, settings: RetentionSettings, now: Date): Promise<Record<string, number>> {
  const removed: Record<string, number> = {};
  removed.idempotency_record = await purgeExpiredIdempotencyKeys(db, now);
  removed.outbox_job = await purgeFinishedJobs(db, now);
  removed.webhook_delivery = await purgeOldWebhookDeliveries(db, settings.WEBHOOK_RETENTION_DAYS, now);
  removed.event = await purgeOldEvents(db, settings.EVENT_RETENTION_DAYS, now);
  removed.request_log = await purgeOldRequestLogs(db, settings.REQUEST_LOG_DAYS, now);
  removed.audit_record = await purgeOldAuditRecords(db, settings.AUDIT_LOG_DAYS, now);
  // After the purges: their removals come to nothing in the counts of whole past buckets, which the fold drops.
  await foldKeptCounts(db);
  const employees = await purgeEmployeeAccess(db, now);
  removed.magic_link = employees.links;
  removed.employee_session = employees.sessions;
  const auth = await purgeAuthRecords(db, now);
  removed.session = auth.sessions;
  removed.verification = auth.verifications;
  removed.rate_limit = auth.rateLimits;
  return removed;
}
