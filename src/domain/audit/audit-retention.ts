/**
 * Retention of the audit log (AUDIT_LOG_DAYS, a year by default): older records are removed hourly, in
 * batches, beside the other purges. The table refuses DELETE (migration 0023) unless the transaction has set
 * `payroute.audit_purge_before`, and then only of rows older than it: this job is the one way out.
 */
import type { Db } from "@/db/database";
import { executeIn, qb, runIn, setLocal } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes records older than `retentionDays` before `now`, `batch` per transaction; returns how many. */
export async function purgeOldAuditRecords(db: Db, retentionDays: number, now: Date, batch = 5_000): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(
    (limit) =>
      db.$transaction(async (tx) => {
        await runIn(tx, setLocal("payroute.audit_purge_before", before.toISOString()));
        return executeIn(tx, qb.deleteFrom("audit_record").where("id", "in", qb.selectFrom("audit_record").select("id").where("at", "<", before).limit(limit)));
      }),
    batch,
  );
}
