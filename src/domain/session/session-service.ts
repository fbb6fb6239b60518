/**
 * A person's own dashboard sessions (better-auth's rows): the list on the security page, with the device each
 * was signed in from and when it was last used, and signing out of one or all but the current. Everything is
 * scoped by the person's own id: nobody sees or ends another person's sessions here.
 */
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { at, qb, runQuery } from "@/db/query-builder";
import { DomainError } from "@/domain/errors";
import type { Clock } from "@/domain/shared/clock";
import type { Timed } from "@/domain/shared/service-context";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { parseDevice } from "@/lib/device";

/** Who is asking: the person and the session they ask from. */
export interface SessionOwner {
  userId: string;
  sessionId: string;
}

/** "Last activity" is kept to this much (better-auth itself writes a session only when it extends it, daily). */
const ACTIVITY_INTERVAL_MS = 5 * 60 * 1000;
const lastTouched = new Map<string, number>();

/**
 * Notes that a session was used now, at most once per interval per session and process (a dashboard page makes
 * several calls): the write is not waited for, and a failed one only leaves "last activity" a little older.
 */
export function touchSession(db: Db, sessionId: string, updatedAt: Date, clock: Clock, onError: (e: unknown) => void): void {
  const now = clock.now().getTime();
  if (updatedAt.getTime() > now - ACTIVITY_INTERVAL_MS || (lastTouched.get(sessionId) ?? 0) > now - ACTIVITY_INTERVAL_MS) return;
  if (lastTouched.size > 10_000) lastTouched.clear();
  lastTouched.set(sessionId, now);
  runQuery(
    fastSql(db),
    qb
      .updateTable("session")
      .set({ updated_at: at(new Date(now)) })
      .where("id", "=", sessionId),
  ).catch(onError);
}

/** The person's sessions that have not expired, the most recently used first. */
export async function listOwnSessions({ db, clock }: Timed, owner: SessionOwner) {
  const rows = await db.session.findMany({
    where: { userId: owner.userId, expiresAt: { gt: clock.now() } },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    select: { id: true, createdAt: true, updatedAt: true, ipAddress: true, userAgent: true },
  });
  return rows.map((s) => ({
    id: s.id,
    current: s.id === owner.sessionId,
    ...parseDevice(s.userAgent),
    ip_address: s.ipAddress,
    signed_in_at: timestamp(s.createdAt),
    last_active_at: timestamp(s.updatedAt),
  }));
}

/** Signs the person out of one of their other sessions (the current one signs out with "Sign out"). */
export async function revokeOwnSession(db: Db, owner: SessionOwner, sessionId: string): Promise<void> {
  // Hook for the audit log (issue 27, item 2): a session ended by its owner.
  const { count } = await db.session.deleteMany({ where: { id: sessionId, userId: owner.userId, NOT: { id: owner.sessionId } } });
  if (count === 0) throw new DomainError("not_found", t("session_not_found"));
}

/** "Sign out everywhere else": every session of the person but the one asking. */
export async function revokeOtherSessions(db: Db, owner: SessionOwner): Promise<number> {
  // Hook for the audit log (issue 27, item 2): the person signed out everywhere else.
  const { count } = await db.session.deleteMany({ where: { userId: owner.userId, NOT: { id: owner.sessionId } } });
  return count;
}
