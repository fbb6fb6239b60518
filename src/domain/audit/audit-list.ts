/**
 * Reading the audit log: an account's admins read their account's records only; the review team reads the
 * records of its own people (actor kind operator) and the CLI's on no account. Newest first, filtered, page by page, or all as CSV.
 */
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { sqlIn, startsWith } from "@/db/query-builder";
import { keptCount } from "@/domain/shared/kept-count";
import type { TimestampFilter } from "@/domain/shared/timestamp-filters";
import { allRows, toCsv, type TCsvExport } from "@/domain/shared/csv-export";
import { timestamp } from "@/domain/shared/schemas";
import type { Locale } from "@/i18n/locale";
import type { TAuditFilters, TAuditRecord, TListAuditQuery } from "./audit-schemas";

/** Whose records: one account's, or the review team's (with the CLI's on no one account). */
export type AuditView = { accountPk: string } | { operators: true };

const select = {
  id: true,
  at: true,
  environment: true,
  actorKind: true,
  actorId: true,
  actorLabel: true,
  sourceIp: true,
  userAgent: true,
  action: true,
  targetType: true,
  targetId: true,
  targetLabel: true,
  before: true,
  after: true,
} satisfies Prisma.AuditRecordSelect;
type Row = Prisma.AuditRecordGetPayload<{ select: typeof select }>;

function fields(value: Prisma.JsonValue): Record<string, unknown> | null {
  return value && typeof value === "object" && !Array.isArray(value) ? { ...value } : null;
}

function toApi(r: Row): TAuditRecord {
  return {
    id: r.id,
    at: timestamp(r.at),
    environment: r.environment,
    actor: { kind: r.actorKind, id: r.actorId, label: r.actorLabel },
    source_ip: r.sourceIp,
    user_agent: r.userAgent,
    action: r.action,
    target: { type: r.targetType, id: r.targetId, label: r.targetLabel },
    before: fields(r.before),
    after: fields(r.after),
  };
}

/**
 * The review team's log: what its people did, and what the CLI changed on no one account (operators created,
 * their two-factor sign-in reset, personal details re-encrypted): the service's own administration.
 */
const OPERATORS_WHERE: Prisma.AuditRecordWhereInput = { OR: [{ actorKind: "operator" }, { actorKind: "cli", accountPk: null }] };

/** The filters' time range (`at`). */
function atRange(f: TAuditFilters): TimestampFilter | undefined {
  return f.at_gte || f.at_lt ? { gte: f.at_gte, lt: f.at_lt } : undefined;
}

function whereOf(view: AuditView, f: TAuditFilters, at: TimestampFilter | undefined = atRange(f)): Prisma.AuditRecordWhereInput {
  const contains = (value: string) => ({ contains: value, mode: "insensitive" as const });
  return {
    AND: ["accountPk" in view ? { accountPk: view.accountPk } : OPERATORS_WHERE],
    ...(f.action ? { action: { startsWith: f.action } } : {}),
    ...(f.actor ? { actorLabel: contains(f.actor) } : {}),
    ...(f.actor_kind ? { actorKind: f.actor_kind } : {}),
    ...(f.target_type ? { targetType: f.target_type } : {}),
    ...(f.target ? { OR: [{ targetId: contains(f.target) }, { targetLabel: contains(f.target) }] } : {}),
    ...(at ? { at } : {}),
  };
}

/**
 * How many records match. An account's, filtered by kind, action (prefix), target type and time, are its rows of
 * `kept_count` (kept-count.ts), so the count does not grow with the year the log keeps; the ends of a time range
 * that cut a day are counted from the records. A search in the actor's or target's text, and the review team's
 * view (its people's records across accounts: few), count the records.
 */
function countAudit(db: Db, view: AuditView, f: TAuditFilters): Promise<number> {
  const where = whereOf(view, f);
  if (!("accountPk" in view) || f.actor || f.target) return db.auditRecord.count({ where });
  return keptCount(
    sqlIn(db),
    "audit_record",
    (eb) =>
      eb.and([
        eb("scope", "=", view.accountPk),
        ...(f.actor_kind ? [eb("k1", "=", f.actor_kind)] : []),
        ...(f.action ? [startsWith(eb.ref("k2"), f.action)] : []),
        ...(f.target_type ? [eb("k3", "=", f.target_type)] : []),
      ]),
    atRange(f),
    (at) => db.auditRecord.count({ where: whereOf(view, f, at) }),
  );
}

/** A page of records, newest first, and how many match. */
export async function listAudit(db: Db, view: AuditView, q: TListAuditQuery): Promise<{ count: number; results: TAuditRecord[] }> {
  const where = whereOf(view, q);
  const [count, rows] = await Promise.all([
    countAudit(db, view, q),
    db.auditRecord.findMany({ where, select, orderBy: [{ at: "desc" }, { id: "desc" }], skip: (q.page - 1) * q.page_size, take: q.page_size }),
  ]);
  return { count, results: rows.map(toApi) };
}

const CSV_COLUMNS = [
  "at",
  "environment",
  "actor_kind",
  "actor",
  "source_ip",
  "user_agent",
  "action",
  "target_type",
  "target_id",
  "target",
  "before",
  "after",
] as const;

/** Every record the filters match, as CSV in the reader's style (the list's own reader, so the export holds what the list shows). */
export async function exportAudit(db: Db, view: AuditView, filters: TAuditFilters, locale: Locale): Promise<TCsvExport> {
  const rows = await allRows(async (page) => {
    const { count, results } = await listAudit(db, view, { ...filters, ...page });
    return { count, rows: results };
  });
  return toCsv(
    CSV_COLUMNS,
    rows.map((r) => ({
      at: r.at,
      environment: r.environment,
      actor_kind: r.actor.kind,
      actor: r.actor.label,
      source_ip: r.source_ip,
      user_agent: r.user_agent,
      action: r.action,
      target_type: r.target.type,
      target_id: r.target.id,
      target: r.target.label,
      before: r.before ? JSON.stringify(r.before) : null,
      after: r.after ? JSON.stringify(r.after) : null,
    })),
    { locale },
  );
}
