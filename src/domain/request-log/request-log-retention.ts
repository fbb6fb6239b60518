/** Retention of the request log (REQUEST_LOG_DAYS): older records are removed hourly, in batches, beside the other purges. */
import type { Db } from "@/db/database";
import { executeIn, qb } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes records older than `retentionDays` before `now` in batches (short statements, no long lock); returns how many. */
export async function purgeOldRequestLogs(db: Db, retentionDays: number, now: Date, batch = 5_000): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(
    (limit) =>
      executeIn(db, qb.deleteFrom("request_log").where("pk", "in", qb.selectFrom("request_log").select("pk").where("created_at", "<", before).limit(limit))),
    batch,
  );
}
