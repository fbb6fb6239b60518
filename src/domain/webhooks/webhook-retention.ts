/**
 * Retention of the delivery log: finished deliveries (succeeded or failed) older than WEBHOOK_RETENTION_DAYS
 * are removed with their attempts (the foreign key cascades), hourly beside the outbox's own purge. A
 * delivery still pending is kept whatever its age: its job may yet run.
 */
import type { Db } from "@/db/database";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes the old deliveries in batches (short transactions, no long lock on the log); returns how many. */
export async function purgeOldWebhookDeliveries(db: Db, retentionDays: number, now = new Date(), batch = 1_000): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let total = 0;
  for (;;) {
    const removed = await db.$executeRaw`
      DELETE FROM webhook_delivery WHERE pk IN (
        SELECT pk FROM webhook_delivery WHERE created_at < ${before} AND status <> 'pending' LIMIT ${batch})`;
    total += removed;
    if (removed < batch) return total;
  }
}
