/**
 * Retention of an Employee's ways in: sign-in links expired over 30 days ago (a person who opens one later is
 * told it expired either way) and employee-app sessions a day past their expiry. Hourly, beside the other purges.
 */
import type { Db } from "@/db/database";
import { executeIn, qb } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long an expired sign-in link is kept. */
export const EXPIRED_LINK_DAYS = 30;

/** Removes expired links and sessions in batches; returns how many of each. */
export async function purgeEmployeeAccess(db: Db, now: Date, batch = 5_000): Promise<{ links: number; sessions: number }> {
  const linksBefore = new Date(now.getTime() - EXPIRED_LINK_DAYS * DAY_MS);
  const sessionsBefore = new Date(now.getTime() - DAY_MS);
  const links = await deleteInBatches(
    (limit) =>
      executeIn(db, qb.deleteFrom("magic_link").where("pk", "in", qb.selectFrom("magic_link").select("pk").where("expires_at", "<", linksBefore).limit(limit))),
    batch,
  );
  const sessions = await deleteInBatches(
    (limit) =>
      executeIn(
        db,
        qb
          .deleteFrom("employee_session")
          .where("pk", "in", qb.selectFrom("employee_session").select("pk").where("expires_at", "<", sessionsBefore).limit(limit)),
      ),
    batch,
  );
  return { links, sessions };
}
