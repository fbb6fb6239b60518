/**
 * The request log of an account's /v2/ requests: written by the edge's buffer in batches (one statement per
 * batch), read by the account's admins in the dashboard, always within their account and environment.
 */
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import { copyText, type CopyValue } from "@/db/copy-text";
import { uuidv7 } from "@/lib/uuid-v7";
import { DomainError, notFound } from "@/domain/errors";
import type { Environment } from "@/domain/environments";
import type { AccountScope } from "@/domain/scope";
import type { ScopedDb } from "@/domain/shared/service-context";
import { timestamp } from "@/domain/shared/schemas";
import type { Prisma } from "@/generated/prisma/client";
import { t } from "@/i18n/locale";
import { type TListRequestLogsQuery, type TRequestLogDetail, type TRequestLogEntry } from "./request-log-schemas";

/** One record as it is stored: bodies already capped and redacted (or null). */
export interface RequestLogRow {
  accountPk: string;
  environment: Environment;
  apiKeyPk: string | null;
  userId: string | null;
  method: string;
  path: string;
  route: string | null;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  clientIp: string;
  userAgent: string | null;
  requestBody: string | null;
  responseBody: string | null;
  createdAt: Date;
}

const LOGGED_COLUMNS = [
  "pk",
  "account_pk",
  "environment",
  "api_key_pk",
  "user_id",
  "method",
  "path",
  "route",
  "status",
  "duration_ms",
  "request_id",
  "idempotency_key",
  "client_ip",
  "user_agent",
  "request_body",
  "response_body",
  "created_at",
] as const;
type LoggedColumn = (typeof LOGGED_COLUMNS)[number];

/** What a record keeps as the request had it, under its column's name (which is also the dashboard's field). */
function asLogged(r: Omit<RequestLogRow, "accountPk" | "apiKeyPk" | "userId" | "requestBody" | "responseBody" | "createdAt">) {
  return {
    environment: r.environment,
    method: r.method,
    path: r.path,
    route: r.route,
    status: r.status,
    duration_ms: r.durationMs,
    request_id: r.requestId,
    idempotency_key: r.idempotencyKey,
    client_ip: r.clientIp,
    user_agent: r.userAgent,
  };
}

/**
 * Writes a batch of records in one COPY (half the database's work per row of an INSERT from one JSON
 * document; docs/performance.md). Each gets a time-ordered key (UUIDv7), so the primary key's index grows at
 * its right edge instead of dirtying a random page per row.
 */
export async function insertRequestLogs(db: Db, rows: readonly RequestLogRow[]): Promise<void> {
  if (rows.length === 0) return;
  const copyIn = fastSql(db).copyIn;
  if (!copyIn) throw new Error("insertRequestLogs: the request log is written by the app's database, not in a request's transaction");
  const values = rows.map((r): Record<LoggedColumn, CopyValue> => ({
    pk: uuidv7(),
    account_pk: r.accountPk,
    api_key_pk: r.apiKeyPk,
    user_id: r.userId,
    ...asLogged(r),
    request_body: r.requestBody,
    response_body: r.responseBody,
    created_at: r.createdAt,
  }));
  await copyIn("request_log", LOGGED_COLUMNS, copyText(values.map((v) => LOGGED_COLUMNS.map((c) => v[c]))));
}

const entrySelect = {
  pk: true,
  createdAt: true,
  environment: true,
  apiKeyPk: true,
  userId: true,
  method: true,
  path: true,
  route: true,
  status: true,
  durationMs: true,
  requestId: true,
  idempotencyKey: true,
  clientIp: true,
  userAgent: true,
} as const satisfies Prisma.RequestLogSelect;
type EntryRow = Prisma.RequestLogGetPayload<{ select: typeof entrySelect }>;

const STATUS_RANGES = { "2xx": [200, 300], "4xx": [400, 500], "5xx": [500, 600] } as const;

/** `text` as a LIKE prefix: Prisma's `startsWith` leaves `%` and `_` as wildcards (prisma/prisma#19506). */
function likePrefix(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The cursor of a page's last record: its time and pk, the list's order. */
function cursorOf(row: { createdAt: Date; pk: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.pk}`).toString("base64url");
}

function readCursor(cursor: string): { createdAt: Date; pk: string } {
  const [at, pk, extra] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at ?? "");
  if (extra !== undefined || !pk || !/^[0-9a-f-]{36}$/.test(pk) || Number.isNaN(createdAt.getTime())) {
    throw new DomainError("validation", { cursor: [t("invalid_value")] });
  }
  return { createdAt, pk };
}

/** The account's records in the scope's environment, newest first, filtered; a page and the cursor of the next. */
export async function listRequestLogs({ db, scope }: ScopedDb<AccountScope>, q: TListRequestLogsQuery) {
  const range = q.status_class ? STATUS_RANGES[q.status_class] : null;
  const after = q.cursor ? readCursor(q.cursor) : null;
  const where: Prisma.RequestLogWhereInput = {
    accountPk: scope.accountPk,
    environment: scope.environment,
    ...(range ? { status: { gte: range[0], lt: range[1] } } : {}),
    ...(q.method ? { method: q.method } : {}),
    ...(q.path ? { path: { startsWith: likePrefix(q.path) } } : {}),
    ...(q.api_key ? { apiKeyPk: q.api_key } : {}),
    createdAt: { ...(q.created_gte ? { gte: q.created_gte } : {}), ...(q.created_lt ? { lt: q.created_lt } : {}) },
    ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, pk: { lt: after.pk } }] } : {}),
  };
  const rows = await db.requestLog.findMany({ where, orderBy: [{ createdAt: "desc" }, { pk: "desc" }], take: q.limit + 1, select: entrySelect });
  const page = rows.slice(0, q.limit);
  return {
    results: await toEntries(db, scope, page),
    next_cursor: rows.length > q.limit ? cursorOf(page[page.length - 1]) : null,
  };
}

/** The records of one X-Request-ID (a client may send the same one twice), newest first. */
export async function findRequestLogs({ db, scope }: ScopedDb<AccountScope>, requestId: string) {
  const rows = await db.requestLog.findMany({
    where: { accountPk: scope.accountPk, environment: scope.environment, requestId },
    orderBy: [{ createdAt: "desc" }, { pk: "desc" }],
    take: 20,
    select: entrySelect,
  });
  return { results: await toEntries(db, scope, rows) };
}

/** One record with its bodies. */
export async function getRequestLog({ db, scope }: ScopedDb<AccountScope>, pk: string): Promise<TRequestLogDetail> {
  const row = await db.requestLog.findFirst({
    where: { pk, accountPk: scope.accountPk, environment: scope.environment },
    select: { ...entrySelect, requestBody: true, responseBody: true },
  });
  if (!row) throw notFound();
  const [entry] = await toEntries(db, scope, [row]);
  return { ...entry, request_body: row.requestBody, response_body: row.responseBody };
}

/** Records as the dashboard shows them, with the key's prefix or the person's name (read for the page, not stored per record). */
async function toEntries(db: Db, scope: AccountScope, rows: EntryRow[]): Promise<TRequestLogEntry[]> {
  const keyPks = [...new Set(rows.flatMap((r) => (r.apiKeyPk ? [r.apiKeyPk] : [])))];
  const userIds = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const [keys, users] = await Promise.all([
    keyPks.length ? db.apiKey.findMany({ where: { accountPk: scope.accountPk, pk: { in: keyPks } }, select: { pk: true, prefix: true } }) : [],
    userIds.length ? db.user.findMany({ where: { accountPk: scope.accountPk, id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [],
  ]);
  const keyOf = new Map(keys.map((k) => [k.pk, k]));
  const userOf = new Map(users.map((u) => [u.id, u]));
  return rows.map((r) => ({
    pk: r.pk,
    created_at: timestamp(r.createdAt),
    actor: {
      api_key: r.apiKeyPk ? (keyOf.get(r.apiKeyPk) ?? null) : null,
      user: r.userId ? (userOf.get(r.userId) ?? null) : null,
    },
    ...asLogged(r),
    has_bodies: r.status >= 400,
  }));
}
