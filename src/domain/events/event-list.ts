/**
 * GET /v2/events/ and /v2/events/{id}/: the recorded events as the API shows them. The scope follows the webhooks'
 * rule: with Integration-ID, that Integration's events; without, the account's own (user-scoped) events. The
 * account and environment are in every `where`, so another account's or environment's id is a 404.
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/db/database";
import { qb, runIn } from "@/db/query-builder";
import { notFound } from "@/domain/errors";
import type { AccountScope } from "@/domain/scope";
import { countedPage, pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import type { ScopedDb } from "@/domain/shared/service-context";
import { timestampWhere } from "@/domain/shared/timestamp-filters";
import type { TEvent, TListEventsQuery } from "./event-schemas";

export interface EventScope extends AccountScope {
  /** The Integration named by Integration-ID, or null for the account's own events. */
  integrationPk: string | null;
}

const eventSelect = { pk: true, name: true, createdAt: true, data: true } satisfies Prisma.EventSelect;
type EventRow = Prisma.EventGetPayload<{ select: typeof eventSelect }>;

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

/** A page of the scope's events, newest first (events of one transaction in the order they were recorded), filtered. */
export async function listEvents({ db, scope }: ScopedDb<EventScope>, q: TListEventsQuery) {
  const where: Prisma.EventWhereInput = {
    ...inScope(scope),
    pk: q.object_id === undefined ? undefined : { in: await eventsOfObject(db, scope, q.object_id) },
    name: q.type?.length ? { in: q.type } : undefined,
    createdAt: timestampWhere(q, "created_at"),
  };
  return countedPage(
    db.event.count({ where }),
    db.event.findMany({ where, select: eventSelect, orderBy: [{ createdAt: "desc" }, { seq: "desc" }], ...pageWindow(q) }),
  );
}

/** One event of the scope, or the API's 404. */
export async function getEvent({ db, scope }: ScopedDb<EventScope>, id: string): Promise<TEvent> {
  // The id is a UUID: anything else names no event (and must not reach the uuid column).
  if (!UUID.test(id)) throw notFound();
  const row = await db.event.findFirst({ where: { ...inScope(scope), pk: id }, select: eventSelect });
  if (!row) throw notFound();
  return toEventApi(row);
}
