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
import { recordAudit, type AuditActor, type AuditEntry } from "@/domain/audit/audit-record";
import type { Prisma } from "@/generated/prisma/client";

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

/**
 * When the asking session ends (better-auth's row, after any refresh this request made) and when to warn. In real
 * time, never a demo clock: better-auth ends sessions by the process's time.
 */
export async function sessionExpiry({ db, clock }: Timed, owner: SessionOwner, warningSeconds: number) {
  const row = await db.session.findFirst({ where: { id: owner.sessionId, userId: owner.userId }, select: { expiresAt: true } });
  if (!row) throw new DomainError("unauthenticated", t("not_authenticated"));
  return {
    expires_at: timestamp(row.expiresAt),
    warn_at: timestamp(new Date(row.expiresAt.getTime() - warningSeconds * 1000)),
    now: timestamp(clock.now()),
  };
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

/** A person's own sign-out of other sessions, in the audit log of their account (an operator's: of none). */
async function recordSignOut(tx: Prisma.TransactionClient, owner: SessionOwner, actor: AuditActor, now: Date, change: Pick<AuditEntry, "action" | "after">) {
  const user = await tx.user.findUnique({ where: { id: owner.userId }, select: { email: true, accountPk: true } });
  await recordAudit(tx, {
    at: now,
    accountPk: user?.accountPk ?? null,
    actor,
    target: { type: "user", id: owner.userId, label: user?.email ?? null },
    ...change,
  });
}

/** Signs the person out of one of their other sessions (the current one signs out with "Sign out"). */
export async function revokeOwnSession({ db, clock }: Timed, owner: SessionOwner, sessionId: string, actor: AuditActor): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { id: sessionId, userId: owner.userId, NOT: { id: owner.sessionId } } });
    if (count === 0) throw new DomainError("not_found", t("session_not_found"));
    await recordSignOut(tx, owner, actor, clock.now(), { action: "user.session_revoked", after: { sessions_ended: 1 } });
  });
}

/** "Sign out everywhere else": every session of the person but the one asking. */
export async function revokeOtherSessions({ db, clock }: Timed, owner: SessionOwner, actor: AuditActor): Promise<number> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.session.deleteMany({ where: { userId: owner.userId, NOT: { id: owner.sessionId } } });
    await recordSignOut(tx, owner, actor, clock.now(), { action: "user.sessions_revoked", after: { sessions_ended: count } });
    return count;
  });
}
