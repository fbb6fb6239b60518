/**
 * Retention of the events (GET /v2/events/): events older than EVENT_RETENTION_DAYS are removed, hourly beside
 * the delivery log's purge. Their deliveries keep the body they sent and their own retention (webhook-retention.ts).
 */
import type { Db } from "@/db/database";
import { executeIn, qb } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes the events made before `now` less `retentionDays`, in batches (short transactions); returns how many.
 */
export async function purgeOldEvents(db: Db, retentionDays: number, now: Date, batch = 1_000): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(
    (limit) => executeIn(db, qb.deleteFrom("event").where("pk", "in", qb.selectFrom("event").select("pk").where("created_at", "<", before).limit(limit))),
    batch,
  );
}
