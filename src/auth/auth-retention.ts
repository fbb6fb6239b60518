/**
 * Retention of better-auth's tables: dashboard sessions and verification tokens (password reset, team
 * invitation) a day past their expiry, and its rate-limit rows idle for a day. Hourly, beside the other purges.
 */
import type { Db } from "@/db/database";
import { executeIn, qb } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Removes expired sessions and tokens and idle rate-limit rows in batches; returns how many of each. */
export async function purgeAuthRecords(db: Db, now: Date, batch = 5_000): Promise<{ sessions: number; verifications: number; rateLimits: number }> {
  const before = new Date(now.getTime() - DAY_MS);
  const sessions = await deleteInBatches(
    (limit) => executeIn(db, qb.deleteFrom("session").where("id", "in", qb.selectFrom("session").select("id").where("expires_at", "<", before).limit(limit))),
    batch,
  );
  const verifications = await deleteInBatches(
    (limit) =>
      executeIn(db, qb.deleteFrom("verification").where("id", "in", qb.selectFrom("verification").select("id").where("expires_at", "<", before).limit(limit))),
    batch,
  );
  // better-auth keeps the time of a key's last request in milliseconds since the epoch.
  const rateLimits = await deleteInBatches(
    (limit) =>
      executeIn(
        db,
        qb
          .deleteFrom("rate_limit")
          .where("id", "in", qb.selectFrom("rate_limit").select("id").where("last_request", "<", String(before.getTime())).limit(limit)),
      ),
    batch,
  );
  return { sessions, verifications, rateLimits };
}
