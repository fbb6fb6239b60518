/** Employees: the workers an Integration pays. Creating one schedules their invitation (outbox) in the same transaction. */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, fieldError, notFound } from "@/domain/errors";
import { run, sqlIn, SqlStatement, type SqlRunner } from "@/db/sql-statement";
import { addEvent } from "@/domain/events/event-service";
import { rememberCount, rememberedCount } from "./employee-count";
import { addJob, enqueueJob } from "@/domain/outbox/outbox-service";
import { normalisePhone } from "@/domain/shared/contact-fields";
import { pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import { containsPattern, timestampSql } from "@/domain/shared/timestamp-filters";
import { metadataOf } from "@/domain/shared/schemas";
import { lockFound } from "@/domain/shared/row-lock";
import { EMPLOYEE_STATUS_RULES, statusOf } from "@/domain/status/status-rules";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import type { TBulkResendResult, TCreateEmployeeRequest, TEmployee, TListEmployeesQuery } from "./employee-schemas";

export const NOTIFY_EMPLOYEE_JOB = "employee.notify";
export const RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const employeeSelect = {
  pk: true,
  id: true,
  name: true,
  email: true,
  cellphoneNumber: true,
  country: true,
  metadata: true,
  invitationCode: true,
  createdAt: true,
  notifiedAt: true,
  claimedAt: true,
  verifiedAt: true,
} satisfies Prisma.EmployeeSelect;

export type EmployeeRow = Prisma.EmployeeGetPayload<{ select: typeof employeeSelect }>;

export function employeeStatus(row: Pick<EmployeeRow, "notifiedAt" | "claimedAt" | "verifiedAt">): TEmployee["latest_status"] {
  return statusOf(EMPLOYEE_STATUS_RULES, { notified_at: row.notifiedAt, claimed_at: row.claimedAt, verified_at: row.verifiedAt });
}

export function toEmployeeApi(row: EmployeeRow): TEmployee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cellphone_number: row.cellphoneNumber,
    country: row.country,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    notified_at: timestamp(row.notifiedAt),
    claimed_at: timestamp(row.claimedAt),
    verified_at: timestamp(row.verifiedAt),
    invitation_code: row.claimedAt ? null : row.invitationCode,
    latest_status: employeeStatus(row),
  };
}

const INVITATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud and typed by hand
function newInvitationCode(): string {
  return Array.from(crypto.randomBytes(8), (b) => INVITATION_ALPHABET[b % 32]).join("");
}

function phoneOrError(value: string | null | undefined, country: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value === "") return null;
  const phone = normalisePhone(value, country);
  if (!phone) throw fieldError("cellphone_number", t("invalid_phone"));
  return phone;
}

const scoped = (scope: IntegrationScope, id: string): Prisma.EmployeeWhereInput => ({ id, integrationPk: scope.integrationPk });

/** Columns of an Employee as the direct queries read them (the same as `employeeSelect`). */
const EMPLOYEE_FIELDS = "id, name, email, cellphone_number, country, metadata, invitation_code, created_at, notified_at, claimed_at, verified_at";
const EMPLOYEE_COLUMNS = `pk::text, ${EMPLOYEE_FIELDS}`;

interface EmployeeSqlRow {
  pk: string;
  id: string;
  name: string;
  email: string | null;
  cellphone_number: string | null;
  country: string;
  metadata: EmployeeRow["metadata"];
  invitation_code: string | null;
  created_at: Date;
  notified_at: Date | null;
  claimed_at: Date | null;
  verified_at: Date | null;
}

function fromSql(r: EmployeeSqlRow): EmployeeRow {
  return {
    pk: r.pk,
    id: r.id,
    name: r.name,
    email: r.email,
    cellphoneNumber: r.cellphone_number,
    country: r.country,
    metadata: r.metadata,
    invitationCode: r.invitation_code,
    createdAt: r.created_at,
    notifiedAt: r.notified_at,
    claimedAt: r.claimed_at,
    verifiedAt: r.verified_at,
  };
}

/** An Employee as the list's JSON page carries it: timestamps as ISO strings. */
type EmployeeJsonRow = Omit<EmployeeSqlRow, "created_at" | "notified_at" | "claimed_at" | "verified_at"> & {
  created_at: string;
  notified_at: string | null;
  claimed_at: string | null;
  verified_at: string | null;
};

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

function fromJson(r: EmployeeJsonRow): EmployeeRow {
  return fromSql({
    ...r,
    created_at: new Date(r.created_at),
    notified_at: dateOrNull(r.notified_at),
    claimed_at: dateOrNull(r.claimed_at),
    verified_at: dateOrNull(r.verified_at),
  });
}

/** The Integration's Employee count and version: sums over its counter shards (migration 0006). */
const COUNTER_SQL = "SELECT sum(employees) AS employees, sum(version) AS version FROM integration_employee_count WHERE integration_pk = $1::uuid";

/**
 * The most requested query of the API, so it goes to the driver directly rather than through Prisma's
 * query compiler; the profile that justified it is in docs/performance.md. One statement reads the page and
 * the Integration's counter row; a filtered count comes from employee-count.ts or, failing that, a count
 * read in one snapshot with the version it is remembered under.
 */
export async function listEmployees(db: Db, scope: IntegrationScope, q: TListEmployeesQuery) {
  const { skip, take } = pageWindow(q);
  const params: unknown[] = [scope.integrationPk];
  // Filters on fields the version covers (created_at never changes; search reads name, email, phone).
  const covered: string[] = [];
  covered.push(...timestampSql(q, "created_at", "created_at", params, false));
  if (q.search) {
    // search_text: the three fields lower-cased, joined by U+001F (migration 0006), so no term may hold one.
    params.push(containsPattern(q.search.replaceAll("\x1f", "")));
    covered.push(`search_text LIKE lower($${params.length})`);
  }
  const rememberable = JSON.stringify([covered, params]);
  // The worker sets these as invitations go out; counts filtered by them are not remembered.
  const uncovered = [
    ...timestampSql(q, "notified_at", "notified_at", params, true),
    ...timestampSql(q, "claimed_at", "claimed_at", params, true),
    ...timestampSql(q, "verified_at", "verified_at", params, true),
  ];
  const conditions = ["integration_pk = $1::uuid", ...covered, ...uncovered].join(" AND ");
  const sql = fastSql(db);
  // The page travels as one JSON value: the embedded database hands rows to JavaScript one message at a
  // time, which made 25 rows cost about twice what one JSON value does (docs/performance.md).
  const [page] = await sql.query<{ total: number | null; version: string | null; rows: EmployeeJsonRow[] }>(
    `SELECT c.employees::int AS total, c.version::text AS version,
       (SELECT coalesce(json_agg(e ORDER BY e.created_at DESC, e.pk DESC), '[]') FROM (
          SELECT pk, ${EMPLOYEE_FIELDS} FROM employee WHERE ${conditions}
          ORDER BY created_at DESC, pk DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}) e) AS rows
     FROM (${COUNTER_SQL}) c`,
    [...params, take, skip],
  );
  const rows = page.rows.map(fromJson);
  if (covered.length + uncovered.length === 0) return { count: page.total ?? 0, rows };
  const version = page.version ?? "0";
  const known = uncovered.length === 0 ? rememberedCount(db, rememberable, version) : undefined;
  if (known !== undefined) return { count: known, rows };
  const [counted] = await sql.query<{ n: number; version: string | null }>(
    `SELECT c.version::text AS version, (SELECT count(*)::int FROM employee WHERE ${conditions}) AS n FROM (${COUNTER_SQL}) c`,
    params,
  );
  if (uncovered.length === 0) rememberCount(db, rememberable, counted.version ?? "0", counted.n);
  return { count: counted.n, rows };
}

export async function getEmployee(db: Db, scope: IntegrationScope, id: string): Promise<EmployeeRow> {
  const [row] = await fastSql(db).query<EmployeeSqlRow>(`SELECT ${EMPLOYEE_COLUMNS} FROM employee WHERE integration_pk = $1::uuid AND id = $2`, [
    scope.integrationPk,
    id,
  ]);
  if (!row) throw notFound();
  return fromSql(row);
}

/**
 * Creates an Employee, records Employee.created (with its webhook deliveries) and schedules the invitation,
 * all in one statement: atomic on its own, or part of the caller's transaction.
 */
async function insertEmployee(sql: SqlRunner, scope: IntegrationScope, input: TCreateEmployeeRequest, baseUrl: string): Promise<EmployeeRow> {
  const row: EmployeeRow = {
    pk: crypto.randomUUID(),
    id: input.id ?? crypto.randomUUID(),
    name: input.name,
    email: input.email ?? null,
    cellphoneNumber: phoneOrError(input.cellphone_number, input.country) ?? null,
    country: input.country,
    metadata: input.metadata ?? {},
    invitationCode: newInvitationCode(),
    createdAt: new Date(),
    notifiedAt: null,
    claimedAt: null,
    verifiedAt: null,
  };
  const statement = new SqlStatement();
  const p = (value: unknown, type: string) => statement.param(value, type);
  const now = p(row.createdAt.toISOString(), "timestamptz");
  statement.with(`INSERT INTO employee (pk, id, integration_pk, name, email, cellphone_number, country, metadata, invitation_code, created_at, updated_at)
    VALUES (${p(row.pk, "uuid")}, ${p(row.id, "text")}, ${p(scope.integrationPk, "uuid")}, ${p(row.name, "text")}, ${p(row.email, "text")},
            ${p(row.cellphoneNumber, "text")}, ${p(row.country, "text")}, ${p(JSON.stringify(row.metadata), "jsonb")},
            ${p(row.invitationCode, "text")}, ${now}, ${now})`);
  addEvent(statement, {
    name: "Employee.created",
    accountPk: scope.accountPk,
    environment: scope.environment,
    integrationPk: scope.integrationPk,
    objectPk: row.pk,
    data: toEmployeeApi(row),
  });
  addJob(statement, { kind: NOTIFY_EMPLOYEE_JOB, payload: { employeePk: row.pk, baseUrl } });
  await run(sql, statement);
  return row;
}

/** Creates an Employee inside `tx` (bulk requests). */
export function createEmployeeInTx(tx: Prisma.TransactionClient, scope: IntegrationScope, input: TCreateEmployeeRequest, baseUrl: string) {
  return insertEmployee(sqlIn(tx), scope, input, baseUrl);
}

/** Creates one Employee: a single statement straight to the driver (the API's most frequent write). */
export async function createEmployee(db: Db, scope: IntegrationScope, input: TCreateEmployeeRequest, baseUrl: string) {
  return withUniqueId(() => insertEmployee(fastSql(db), scope, input, baseUrl));
}

/** PATCH (`partial`) keeps omitted fields; PUT (`replace`) resets omitted optional ones, as create would. */
export async function updateEmployee(
  db: Db,
  scope: IntegrationScope,
  id: string,
  input: Partial<TCreateEmployeeRequest>,
  mode: "partial" | "replace",
): Promise<EmployeeRow> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const { pk } = await lockFound(tx, "employee", await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true } }), id);
      const current = await tx.employee.findUniqueOrThrow({ where: { pk }, select: { pk: true, country: true } });
      const country = input.country ?? current.country;
      const data: Prisma.EmployeeUpdateInput = {
        id: input.id ?? (mode === "replace" ? crypto.randomUUID() : undefined),
        name: input.name,
        email: input.email,
        country: input.country,
        cellphoneNumber: phoneOrError(mode === "replace" ? (input.cellphone_number ?? null) : input.cellphone_number, country),
        metadata: mode === "replace" ? (input.metadata ?? {}) : input.metadata,
      };
      return tx.employee.update({ where: { pk: current.pk }, data, select: employeeSelect });
    }),
  );
}

export async function deleteEmployee(db: Db, scope: IntegrationScope, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockFound(tx, "employee", await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true } }), id);
    const payout = await tx.payout.findFirst({ where: { employeePk: current.pk, integrationPk: scope.integrationPk }, select: { pk: true } });
    if (payout) throw new DomainError("conflict", t("employee_has_payouts"));
    await tx.employee.delete({ where: { pk: current.pk } });
  });
}

/** Sends the invitation again; resends are at least 24 hours apart (429 with Retry-After otherwise). */
/** Sends the invitation again unless the once-a-day rule forbids it: null when queued, else when it is next allowed. */
async function resendOnce(db: Db, scope: IntegrationScope, id: string, baseUrl: string): Promise<Date | null> {
  return db.$transaction(async (tx) => {
    const current = await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true, resentAt: true } });
    if (!current) throw notFound();
    const now = new Date();
    const allowedAt = current.resentAt ? new Date(current.resentAt.getTime() + RESEND_INTERVAL_MS) : now;
    // The conditional update also stops two concurrent resends from both passing the check.
    const { count } =
      allowedAt <= now ? await tx.employee.updateMany({ where: { pk: current.pk, resentAt: current.resentAt }, data: { resentAt: now } }) : { count: 0 };
    if (count === 0) return allowedAt > now ? allowedAt : new Date(now.getTime() + RESEND_INTERVAL_MS);
    await enqueueJob(tx, { kind: NOTIFY_EMPLOYEE_JOB, payload: { employeePk: current.pk, baseUrl } });
    return null;
  });
}

export async function resendInvitation(db: Db, scope: IntegrationScope, id: string, baseUrl: string): Promise<void> {
  const allowedAt = await resendOnce(db, scope, id, baseUrl);
  if (allowedAt) {
    const wait = Math.max(1, Math.ceil((allowedAt.getTime() - Date.now()) / 1000));
    throw new DomainError("throttled", t("resend_too_soon", { at: allowedAt.toISOString() }), { "Retry-After": String(wait) });
  }
}

/**
 * The dashboard's bulk resend: each Employee on its own (one refused resend does not stop the others), the
 * once-a-day rule applied to each; the ones skipped say why and, when throttled, when a resend is allowed.
 */
export async function resendInvitations(db: Db, scope: IntegrationScope, ids: string[], baseUrl: string): Promise<TBulkResendResult> {
  const result: TBulkResendResult = { sent: [], skipped: [] };
  for (const id of new Set(ids)) {
    try {
      const allowedAt = await resendOnce(db, scope, id, baseUrl);
      if (allowedAt) result.skipped.push({ id, reason: "too_soon", retry_at: allowedAt.toISOString() });
      else result.sent.push(id);
    } catch (e) {
      if (!(e instanceof DomainError && e.code === "not_found")) throw e;
      result.skipped.push({ id, reason: "not_found", retry_at: null });
    }
  }
  return result;
}
