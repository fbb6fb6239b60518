/**
 * GET /v2/events/ and /v2/events/{id}/: the recorded events as the API shows them. The scope follows the webhooks'
 * rule: with Integration-ID, that Integration's events; without, the account's own (user-scoped) events. The
 * account and environment are in every `where`, so another account's or environment's id is a 404.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/db/database";
import type { ExpressionBuilder, RawBuilder } from "kysely";
import type { Environment } from "@/domain/environments";
import { fastSql } from "@/db/fast-sql";
import { compiledOnce, jsonArrayOf, placeholder, qb, runCompiled, runIn, runQuery, type SqlRunner, type Tables } from "@/db/query-builder";
import { notFound } from "@/domain/errors";
import type { AccountScope } from "@/domain/scope";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import type { ScopedDb } from "@/domain/shared/service-context";
import { keptSum } from "@/domain/shared/kept-count";
import { timestampConditions, timestampWhere } from "@/domain/shared/timestamp-filters";
import { countedEvents, eventCountMatch, scopeKey } from "./event-count";
import type { TEvent, TListEventsQuery } from "./event-schemas";

export interface EventScope extends AccountScope {
  /** The Integration named by Integration-ID, or null for the account's own events. */
  integrationPk: string | null;
}

const eventSelect = { pk: true, name: true, createdAt: true, data: true } satisfies Prisma.EventSelect;
type EventRow = { pk: string; name: string; createdAt: Date; data: unknown };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** An event as the API shows it: `object_id` is the id its object's representation carried. */
export function toEventApi(row: EventRow): TEvent {
  const data = isObject(row.data) ? row.data : {};
  return { id: row.pk, type: row.name, created_at: timestamp(row.createdAt), object_id: typeof data.id === "string" ? data.id : "", data };
}

/** The events of a scope: the account's, the environment's and the Integration's (or none: the account's own). */
function inScope(scope: EventScope): Prisma.EventWhereInput {
  return { accountPk: scope.accountPk, environment: scope.environment, integrationPk: scope.integrationPk };
}

/**
 * The events of the scope about the object with API id `objectId` (few): read by the generated column `object_id`
 * (`data ->> 'id'`, migration 0016) and its index, which Prisma does not know.
 */
async function eventsOfObject(db: Db, scope: EventScope, objectId: string): Promise<string[]> {
  const rows = await runIn(
    db,
    qb
      .selectFrom("event")
      .select("pk")
      .where("object_id", "=", objectId)
      .where("account_pk", "=", scope.accountPk)
      .where("environment", "=", scope.environment)
      .where((eb) => (scope.integrationPk === null ? eb("integration_pk", "is", null) : eb("integration_pk", "=", scope.integrationPk))),
  );
  return rows.map((r) => r.pk);
}

type EventFilters = { pks?: string[]; types?: string[]; created?: ReturnType<typeof timestampWhere> };

/** A value, or the placeholder standing for it in a statement compiled once. */
type Value<T> = T | RawBuilder<T>;
/** The scope as a statement names it: its values, or placeholders ($1 account, $2 environment, $3 Integration). */
type ScopeValues = { accountPk: Value<string>; environment: Value<Environment>; integrationPk: Value<string> | null };

/** The scope's events that `f` matches, as conditions of a statement on `event` (the page's and the count's). */
function eventConditions(eb: ExpressionBuilder<Tables, "event">, scope: ScopeValues, f: EventFilters) {
  return eb.and([
    eb("account_pk", "=", scope.accountPk),
    eb("environment", "=", scope.environment),
    scope.integrationPk === null ? eb("integration_pk", "is", null) : eb("integration_pk", "=", scope.integrationPk),
    ...(f.pks ? [eb("pk", "in", f.pks)] : []),
    ...(f.types?.length ? [eb("name", "in", f.types)] : []),
    ...timestampConditions(eb, "created_at", f.created),
  ]);
}

/** The list's order: newest first, events of one transaction in the order they were recorded. */
const PAGE_ORDER = [
  ["created_at", "desc"],
  ["seq", "desc"],
] as const;

function pageOf(scope: ScopeValues, f: EventFilters, take: Value<number>, skip: Value<number>) {
  return qb
    .selectFrom("event")
    .select(["pk", "name", "created_at", "seq", "data"])
    .where((eb) => eventConditions(eb, scope, f))
    .orderBy("created_at", "desc")
    .orderBy("seq", "desc")
    .limit(take)
    .offset(skip);
}

/**
 * The count from kept_count and the page as one JSON value, in one statement, as the Employee list's: one round trip
 * and one connection of the pool per request, not two. `key`: the scope's key in kept_count (event-count.ts).
 */
function countedPageQuery(scope: ScopeValues, types: string[] | undefined, key: Value<string>, take: Value<number>, skip: Value<number>) {
  return qb
    .selectFrom(keptSum("event", eventCountMatch(types, key)).as("c"))
    .select((eb) => [eb.cast<string | null>("c.n", "text").as("total"), jsonArrayOf(pageOf(scope, { types }, take, skip), PAGE_ORDER).as("rows")]);
}

/**
 * The unfiltered list, the most frequent shape, compiled once per kind of scope: $1 the account, $2 the environment,
 * ($3 the Integration,) then the scope's key, take and skip.
 */
function placeholders(integration: boolean) {
  const next = integration ? 4 : 3;
  return [
    {
      accountPk: placeholder<string>(1, "uuid"),
      environment: placeholder<Environment>(2, "Environment"),
      integrationPk: integration ? placeholder<string>(3, "uuid") : null,
    },
    undefined,
    placeholder<string>(next, "text"),
    placeholder<number>(next + 1, "int"),
    placeholder<number>(next + 2, "int"),
  ] as const;
}
const UNFILTERED = { integration: compiledOnce(countedPageQuery(...placeholders(true))), account: compiledOnce(countedPageQuery(...placeholders(false))) };

/**
 * A page of the scope's events, newest first (events of one transaction in the order they were recorded), filtered.
 * Straight to the driver (fast-sql.ts), as the Employee list: Prisma's query compiler cost more than the statements.
 */
export async function listEvents({ db, scope }: ScopedDb<EventScope>, q: TListEventsQuery) {
  const pks = q.object_id === undefined ? undefined : await eventsOfObject(db, scope, q.object_id);
  const f: EventFilters = { pks, types: q.type, created: timestampWhere(q, "created_at") };
  const { take, skip } = pageWindow(q);
  const sql = fastSql(db);
  if (pks === undefined && f.created === undefined) {
    // The frequent shape (no object, no time): one statement, compiled once where no type is asked for.
    const [row] = q.type?.length
      ? await runQuery(sql, countedPageQuery(scope, q.type, scopeKey(scope), take, skip))
      : scope.integrationPk === null
        ? await runCompiled(sql, UNFILTERED.account, [scope.accountPk, scope.environment, scopeKey(scope), take, skip])
        : await runCompiled(sql, UNFILTERED.integration, [scope.accountPk, scope.environment, scope.integrationPk, scopeKey(scope), take, skip]);
    return {
      count: Number(row?.total ?? 0),
      rows: (row?.rows ?? []).map((r) => ({ pk: r.pk, name: r.name, createdAt: new Date(r.created_at), data: r.data })),
    };
  }
  // Without an object, the count is the triggers' (event-count.ts), however many events the scope and range hold.
  const count =
    pks === undefined ? countedEvents(sql, scope, q.type, f.created, (created) => countEvents(sql, scope, { ...f, created })) : countEvents(sql, scope, f);
  const page = pks?.length === 0 ? Promise.resolve([]) : runQuery(sql, pageOf(scope, f, take, skip));
  const { count: total, rows } = await countedPage(count, page);
  return { count: total, rows: rows.map((r) => ({ pk: r.pk, name: r.name, createdAt: r.created_at, data: r.data })) };
}

/**
 * The list's count, where it names an object or within a partial time bucket, as a plain `count(*)` over the same conditions. Prisma's count
 * wraps the rows in a subquery that selects their keys, so every counted event was read from the table; this one the
 * planner answers from the scope's index (account, environment, Integration, time) alone where no type is asked for.
 */
async function countEvents(sql: SqlRunner, scope: EventScope, f: EventFilters): Promise<number> {
  if (f.pks?.length === 0) return 0;
  const [row] = await runQuery(
    sql,
    qb
      .selectFrom("event")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where((eb) => eventConditions(eb, scope, f)),
  );
  return Number(row?.n ?? 0);
}

/** One event of the scope, or the API's 404. */
export async function getEvent({ db, scope }: ScopedDb<EventScope>, id: string): Promise<TEvent> {
  // The id is a UUID: anything else names no event (and must not reach the uuid column).
  if (!UUID.test(id)) throw notFound();
  const row = await db.event.findFirst({ where: { ...inScope(scope), pk: id }, select: eventSelect });
  if (!row) throw notFound();
  return toEventApi(row);
}
