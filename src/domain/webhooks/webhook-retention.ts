/**
 * Retention of the delivery log: finished deliveries (succeeded or failed) older than WEBHOOK_RETENTION_DAYS
 * are removed with their attempts (the foreign key cascades), hourly beside the outbox's own purge. A
 * delivery still pending is kept whatever its age: its job may yet run.
 */
import type { Db } from "@/db/database";
import { executeIn, qb } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the old deliveries in batches (short transactions, no long lock on the log); returns how many. */
export async function purgeOldWebhookDeliveries(db: Db, retentionDays: number, now: Date, batch = 1_000): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  return deleteInBatches(
    (limit) =>
      executeIn(
        db,
        qb
          .deleteFrom("webhook_delivery")
          .where("pk", "in", qb.selectFrom("webhook_delivery").select("pk").where("created_at", "<", before).where("status", "<>", "pending").limit(limit)),
      ),
    batch,
  );
}
