/** Employees: the workers an Integration pays. Creating one schedules their invitation (outbox) in the same transaction. */
import crypto from "node:crypto";
import type { Expression, ExpressionBuilder, RawBuilder, SqlBool } from "kysely";
import type { Db } from "@/db/database";
import { fastSql } from "@/db/fast-sql";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, fieldError, notFound } from "@/domain/errors";
import {
  compiledOnce,
  jsonArrayOf,
  jsonb,
  placeholder,
  qb,
  runCompiled,
  runQuery,
  slotsOf,
  sqlIn,
  Statement,
  typed,
  type JsonRow,
  type SqlRunner,
  type Tables,
} from "@/db/query-builder";
import { addEventRows, eventArgs, eventSlots, type EventArgs } from "@/domain/events/event-service";
import { ListMemo } from "./employee-list-memo";
import { addJobSlots, enqueueJob, jobArgs, type JobArgs } from "@/domain/outbox/outbox-service";
import { normalisePhone } from "@/domain/shared/contact-fields";
import { pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import { containsPattern, nullableTimestampWhere, timestampConditions, timestampWhere } from "@/domain/shared/timestamp-filters";
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

/** The columns of `employeeSelect` as the direct queries read them: the same row type, `EmployeeRow`. */
export function employeeColumns(eb: ExpressionBuilder<Tables, "employee">) {
  return [
    "pk",
    "id",
    "name",
    "email",
    "cellphone_number as cellphoneNumber",
    "country",
    eb.ref("metadata").$castTo<Prisma.JsonValue>().as("metadata"),
    "invitation_code as invitationCode",
    "created_at as createdAt",
    "notified_at as notifiedAt",
    "claimed_at as claimedAt",
    "verified_at as verifiedAt",
  ] as const;
}

const dateOrNull = (s: string | null) => (s === null ? null : new Date(s));

/** An Employee of the list's JSON page: its timestamps back to dates. */
function fromJson(r: JsonRow<EmployeeRow>): EmployeeRow {
  return {
    ...r,
    createdAt: new Date(r.createdAt),
    notifiedAt: dateOrNull(r.notifiedAt),
    claimedAt: dateOrNull(r.claimedAt),
    verifiedAt: dateOrNull(r.verifiedAt),
  };
}

/** A value, or the placeholder standing for it in a statement compiled once. */
type Value<T> = T | RawBuilder<T>;

/** The Integration's Employee count and versions: sums over its counter shards (migrations 0006, 0015). */
function counterOf(integrationPk: Value<string>) {
  return qb
    .selectFrom("integration_employee_count")
    .select((eb) => [
      eb.fn.sum<string | null>("employees").as("employees"),
      eb.fn.sum<string | null>("version").as("version"),
      eb.fn.sum<string | null>("rows_version").as("rows_version"),
    ])
    .where("integration_pk", "=", integrationPk);
}

/** What the list remembers: filtered counts and search pages (employee-list-memo.ts). */
const memo = new ListMemo<EmployeeRow>();

/** The Integration's Employees, those whose searched fields contain `search` when given. */
function integrationAndSearch(integrationPk: Value<string>, search: Value<string> | undefined) {
  // search_text: the three fields lower-cased, joined by U+001F (migration 0006).
  return (eb: ExpressionBuilder<Tables, "employee">) => [
    eb("integration_pk", "=", integrationPk),
    ...(search === undefined ? [] : [eb("search_text", "like", eb.fn<string>("lower", [typeof search === "string" ? eb.val(search) : search]))]),
  ];
}

/**
 * One page of Employees and the Integration's counter row, in one statement. The page travels as one JSON
 * value (jsonArrayOf): 25 rows cost about twice what one JSON value does on the embedded database
 * (docs/performance.md).
 */
function pageQuery(
  integrationPk: Value<string>,
  where: (eb: ExpressionBuilder<Tables, "employee">) => Expression<SqlBool>,
  take: Value<number>,
  skip: Value<number>,
) {
  const rows = qb.selectFrom("employee").select(employeeColumns).where(where).orderBy("created_at", "desc").orderBy("pk", "desc").limit(take).offset(skip);
  return qb.selectFrom(counterOf(integrationPk).as("c")).select((eb) => [
    eb.cast<number | null>("c.employees", "integer").as("total"),
    eb.cast<string | null>("c.version", "text").as("version"),
    eb.cast<string | null>("c.rows_version", "text").as("rowsVersion"),
    jsonArrayOf(rows, [
      ["createdAt", "desc"],
      ["pk", "desc"],
    ]).as("rows"),
  ]);
}

/** $1 the Integration, $2 the page size, $3 the offset (and $4 the search pattern). */
const PAGE = compiledOnce(
  pageQuery(
    placeholder<string>(1, "uuid"),
    (eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), undefined)(eb)),
    placeholder<number>(2, "int"),
    placeholder<number>(3, "int"),
  ),
);
const SEARCH_PAGE = compiledOnce(
  pageQuery(
    placeholder<string>(1, "uuid"),
    (eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), placeholder<string>(4, "text"))(eb)),
    placeholder<number>(2, "int"),
    placeholder<number>(3, "int"),
  ),
);

/**
 * A search's matches read once (a materialized CTE: the trigram index, then the rows), giving their count and
 * the page: for a term with few matches this costs what the count alone did. The list's order instead reads
 * Employees newest first until a page of matches is found, which for a term whose matches are all old (newer
 * Employees not matching) reads every newer Employee. $1 the Integration, $2 the page size, $3 the offset,
 * $4 the search pattern.
 */
const SEARCH_MATCHES = compiledOnce(
  qb
    .with(
      (cte) => cte("m").materialized(),
      (db) =>
        db
          .selectFrom("employee")
          .select(employeeColumns)
          .where((eb) => eb.and(integrationAndSearch(placeholder<string>(1, "uuid"), placeholder<string>(4, "text"))(eb))),
    )
    .selectFrom(counterOf(placeholder<string>(1, "uuid")).as("c"))
    .select((eb) => [
      eb.cast<string | null>("c.version", "text").as("version"),
      eb.cast<string | null>("c.rows_version", "text").as("rowsVersion"),
      eb
        .selectFrom("m")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .as("n"),
      jsonArrayOf(
        eb
          .selectFrom("m")
          .selectAll()
          .orderBy("createdAt", "desc")
          .orderBy("pk", "desc")
          .limit(placeholder<number>(2, "int"))
          .offset(placeholder<number>(3, "int")),
        [
          ["createdAt", "desc"],
          ["pk", "desc"],
        ],
      ).as("rows"),
    ]),
);

/**
 * Up to this many matches (as last counted), a search reads all its matches at once (SEARCH_MATCHES); a
 * broader one pages in the list's order, where a page of matches is found among the newest Employees.
 */
const NARROW_SEARCH = 5_000;

/** $1 the Integration: the rows version a remembered search page is checked against. */
const ROWS_VERSION = compiledOnce(
  qb.selectFrom(counterOf(placeholder<string>(1, "uuid")).as("c")).select((eb) => eb.cast<string | null>("c.rows_version", "text").as("rowsVersion")),
);

/** $1 the Integration, $2 the Employee's id. */
const GET = compiledOnce(
  qb
    .selectFrom("employee")
    .select(employeeColumns)
    .where("integration_pk", "=", placeholder<string>(1, "uuid"))
    .where("id", "=", placeholder<string>(2, "text")),
);

/**
 * The most requested query of the API, so it goes to the driver directly rather than through Prisma's
 * query compiler; the profile that justified it is in docs/performance.md. One statement reads the page and
 * the Integration's counter row; a filtered count comes from the memo (employee-list-memo.ts) or, failing
 * that, a count read in one snapshot with the version it is remembered under. A search page comes from the memo
 * while the rows version it was read at is still the current one.
 */
export async function listEmployees(db: Db, scope: IntegrationScope, q: TListEmployeesQuery) {
  const { skip, take } = pageWindow(q);
  // Filters on fields the version covers (created_at never changes; search reads name, email, phone).
  const created = timestampWhere(q, "created_at");
  // search_text: the three fields lower-cased, joined by U+001F (migration 0006), so no term may hold one.
  const search = q.search ? containsPattern(q.search.replaceAll("\x1f", "")) : undefined;
  // The worker sets these as invitations go out; counts filtered by them are not remembered.
  const uncovered = (["notified_at", "claimed_at", "verified_at"] as const).map((f) => [f, nullableTimestampWhere(q, f)] as const).filter(([, w]) => w);
  const rememberable = JSON.stringify([scope.integrationPk, created, search]);
  const where = (eb: ExpressionBuilder<Tables, "employee">) =>
    eb.and([
      ...integrationAndSearch(scope.integrationPk, search)(eb),
      ...timestampConditions(eb, "created_at", created),
      ...uncovered.flatMap(([f, w]) => timestampConditions(eb, f, w)),
    ]);
  const sql = fastSql(db);
  // The list's most frequent shapes, no filter or a search alone, are remembered with their count.
  const frequent = created === undefined && uncovered.length === 0;
  const pageKey = JSON.stringify([scope.integrationPk, search, take, skip]);
  if (frequent) {
    const known = memo.page(db, pageKey);
    if (known) {
      const [now] = await runCompiled(sql, ROWS_VERSION, [scope.integrationPk]);
      if ((now.rowsVersion ?? "0") === known.rowsVersion) return { count: known.count, rows: [...known.rows] };
    }
  }
  if (frequent && search !== undefined) {
    // How broad the term was when last counted (at any version): a hint for the plan, never the answer.
    const hint = memo.lastCount(db, rememberable);
    if (hint === undefined || hint <= NARROW_SEARCH) {
      const [matches] = await runCompiled(sql, SEARCH_MATCHES, [scope.integrationPk, take, skip, search], { planEachRun: true });
      const n = matches.n ?? 0;
      const rows = matches.rows.map(fromJson);
      memo.rememberCount(db, rememberable, matches.version ?? "0", n);
      memo.rememberPage(db, pageKey, { rowsVersion: matches.rowsVersion ?? "0", count: n, rows });
      return { count: n, rows };
    }
  }
  // The list's most frequent shapes are compiled once; the others each time.
  // A search is planned with its pattern on every run: a rare term wants the trigram index, a common one the
  // list's order, and a plan kept for any pattern (a prepared statement's generic plan) picks one for all.
  const run = { planEachRun: search !== undefined };
  const [page] =
    created !== undefined || uncovered.length
      ? await runQuery(sql, pageQuery(scope.integrationPk, where, take, skip), run)
      : search === undefined
        ? await runCompiled(sql, PAGE, [scope.integrationPk, take, skip])
        : await runCompiled(sql, SEARCH_PAGE, [scope.integrationPk, take, skip, search], run);
  const list = page.rows.map(fromJson);
  // A search's page and count are read in two snapshots: remembered under the page's rows version, the pair is
  // used again only while nothing has changed since the page's, so the count is then that of the page's snapshot.
  const remember = (count: number) => {
    if (frequent) memo.rememberPage(db, pageKey, { rowsVersion: page.rowsVersion ?? "0", count, rows: list });
    return { count, rows: list };
  };
  if (frequent && search === undefined) return remember(page.total ?? 0);
  const version = page.version ?? "0";
  const known = uncovered.length === 0 ? memo.count(db, rememberable, version) : undefined;
  if (known !== undefined) return remember(known);
  const [counted] = await runQuery(
    sql,
    qb.selectFrom(counterOf(scope.integrationPk).as("c")).select((eb) => [
      eb.cast<string | null>("c.version", "text").as("version"),
      eb
        .selectFrom("employee")
        .select((e) => e.cast<number>(e.fn.countAll(), "integer").as("n"))
        .where(where)
        .as("n"),
    ]),
    run,
  );
  const n = counted.n ?? 0;
  if (uncovered.length === 0) memo.rememberCount(db, rememberable, counted.version ?? "0", n);
  return remember(n);
}

export async function getEmployee(db: Db, scope: IntegrationScope, id: string): Promise<EmployeeRow> {
  const [row] = await runCompiled(fastSql(db), GET, [scope.integrationPk, id]);
  if (!row) throw notFound();
  return row;
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
  await CREATE_EMPLOYEE.run(sql, {
    pk: row.pk,
    id: row.id,
    integration_pk: scope.integrationPk,
    name: row.name,
    email: row.email,
    cellphone_number: row.cellphoneNumber,
    country: row.country,
    metadata: JSON.stringify(input.metadata ?? {}),
    invitation_code: row.invitationCode,
    created_at: row.createdAt.toISOString(),
    ...eventArgs(crypto.randomUUID(), {
      name: "Employee.created",
      accountPk: scope.accountPk,
      environment: scope.environment,
      integrationPk: scope.integrationPk,
      objectPk: row.pk,
      data: toEmployeeApi(row),
    }),
    ...jobArgs({ employeePk: row.pk, baseUrl }),
  });
  return row;
}

type CreateArgs = EventArgs &
  JobArgs & {
    pk: string;
    id: string;
    integration_pk: string;
    name: string;
    email: string | null;
    cellphone_number: string | null;
    country: string;
    /** JSON text. */
    metadata: string;
    invitation_code: string | null;
    /** ISO 8601. */
    created_at: string;
  };

/**
 * The create's one statement (the Employee, Employee.created with its webhook deliveries, the invitation
 * job), built and compiled once: building and compiling its CTEs on every create cost about as much as the
 * rest of the request.
 */
const CREATE_EMPLOYEE = (() => {
  const slot = slotsOf<CreateArgs>();
  const statement = new Statement();
  const now = typed(slot("created_at"), "timestamptz");
  statement.with(
    qb.insertInto("employee").values({
      pk: typed(slot("pk"), "uuid"),
      id: typed(slot("id"), "text"),
      integration_pk: typed(slot("integration_pk"), "uuid"),
      name: typed(slot("name"), "text"),
      email: typed(slot("email"), "text"),
      cellphone_number: typed(slot("cellphone_number"), "text"),
      country: typed(slot("country"), "text"),
      metadata: jsonb(slot("metadata")),
      invitation_code: typed(slot("invitation_code"), "text"),
      created_at: now,
      updated_at: now,
    }),
  );
  addEventRows(statement, eventSlots());
  addJobSlots(statement, NOTIFY_EMPLOYEE_JOB);
  return statement.template<CreateArgs>();
})();

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
