/**
 * The audit log's one write: `recordAudit(tx, entry)`, called inside the transaction of the change it records,
 * so that a change and its record commit or roll back together. Records are never changed or removed by the
 * application (the database refuses it too: migration 0023), except by the retention job.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { AuditActorKind, Environment } from "@/generated/prisma/enums";

/** Who acted, and from where (the request's address and user agent; none for the CLI and the system). */
export interface AuditActor {
  kind: AuditActorKind;
  /** A user's id or an API key's pk; null for the CLI and the system. */
  id: string | null;
  /** Email, key prefix, "cli": looked up from `id` when not given. */
  label?: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** What the CLI records as its actor: the person at the server's terminal has no account here. */
export const CLI_ACTOR: AuditActor = { kind: "cli", id: null, label: "cli" };
/** Changes the service makes on its own (a job, a timer). */
export const SYSTEM_ACTOR: AuditActor = { kind: "system", id: null, label: "system" };

/** Who acts and when, for a service that has no clock of its own to read. */
export interface AuditBy {
  actor: AuditActor;
  /** The act's time on the clock of what it changes (an account's demo time for a demo object). */
  at: Date;
  /** The real time of the act (`realNow`), when `at` may be an account's demo time; the audit record takes it. */
  realAt?: Date;
}

/** When an act given as `AuditBy` is recorded: its real time. */
export function recordedAt(by: AuditBy): Date {
  return by.realAt ?? by.at;
}

type JsonFields = Record<string, Prisma.InputJsonValue | null>;

export interface AuditEntry {
  /**
   * The real time of the act (`realNow(clock)` for a caller that may be on an account's demo clock): the audit log
   * records what people did and when, so a demo act is not stamped with its demo time; a demo object's own times
   * (in `after`) are its demo times.
   */
  at: Date;
  /** The account acted in or on; null for an operator's action on no one account. */
  accountPk: string | null;
  environment?: Environment | null;
  actor: AuditActor;
  /** Dotted, e.g. "api_key.created" (the catalogue: audit-actions.ts). */
  action: string;
  target: { type: string; id?: string | null; label?: string | null };
  before?: JsonFields | null;
  after?: JsonFields | null;
}

/**
 * Field names that are never kept, whatever a caller passes: secrets must not outlive their rotation in an
 * append-only table nobody can clean. A second line of defence; callers pass no secrets in the first place.
 */
const SECRET_FIELD = /secret|password|token|backup_?codes|^key$|hash/i;

function withoutSecrets(fields: JsonFields | null | undefined): Prisma.InputJsonObject | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(Object.entries(fields).filter(([name]) => !SECRET_FIELD.test(name)));
}

type AuditTx = Pick<Prisma.TransactionClient, "auditRecord" | "user" | "apiKey">;

/** The readable name of an actor: a person's email, an API key's prefix (both outlive their rows here). */
async function actorLabel(tx: AuditTx, actor: AuditActor): Promise<string> {
  if (actor.label) return actor.label;
  if (!actor.id) return actor.kind;
  if (actor.kind === "api_key") {
    const key = await tx.apiKey.findUnique({ where: { pk: actor.id }, select: { prefix: true } });
    return key ? key.prefix : "api_key";
  }
  const user = await tx.user.findUnique({ where: { id: actor.id }, select: { email: true } });
  return user?.email ?? actor.kind;
}

/** Appends one record of a change, in the caller's transaction. */
export async function recordAudit(tx: AuditTx, entry: AuditEntry): Promise<void> {
  await tx.auditRecord.create({
    data: {
      at: entry.at,
      accountPk: entry.accountPk,
      environment: entry.environment ?? null,
      actorKind: entry.actor.kind,
      actorId: entry.actor.id,
      actorLabel: await actorLabel(tx, entry.actor),
      sourceIp: entry.actor.ip ?? null,
      userAgent: entry.actor.userAgent?.slice(0, 512) ?? null,
      action: entry.action,
      targetType: entry.target.type,
      targetId: entry.target.id ?? null,
      targetLabel: entry.target.label ?? null,
      before: withoutSecrets(entry.before),
      after: withoutSecrets(entry.after),
    },
    select: { id: true },
  });
}

/** The fields of `after` that differ from `before`, each side with only those (an update's record). */
export function changedFields(before: JsonFields, after: JsonFields): { before: JsonFields; after: JsonFields } | null {
  const names = Object.keys(after).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (names.length === 0) return null;
  return { before: Object.fromEntries(names.map((k) => [k, before[k] ?? null])), after: Object.fromEntries(names.map((k) => [k, after[k] ?? null])) };
}
