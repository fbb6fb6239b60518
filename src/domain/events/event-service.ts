/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
import { addFanOut, fanOutColumns, type FanOutRow } from "@/domain/webhooks/webhook-fanout";
import { rowsOf, textsOf, type Column } from "@/db/row-sets";
import type { RawBuilder } from "kysely";
import { at, qb, Slot, sqlIn, Statement } from "@/db/query-builder";
import type { EventName } from "@/domain/webhooks/event-catalogue";

export interface EventInput {
  name: EventName;
  accountPk: string;
  environment: Environment;
  /** For Integration-scoped events. */
  integrationPk?: string | null;
  objectPk: string;
  data: Prisma.InputJsonObject;
}

/** An event's row as the statement reads it: what the fan-out reads, and the data stored. */
type EventRow = FanOutRow & { data: unknown };

/** The events' rows, a column each (`rowsOf`): their values, or a template's slots (`eventSlots`). */
export type EventColumns = { [K in keyof EventRow]: Column<EventRow[K]> };

/**
 * Adds the events and their webhook deliveries to `statement`, set-based: one text however many events (a
 * batch of the worker's is one statement, prepared once); returns the events' pks, in order. `now`: the clock's time.
 */
export function addEvents(statement: Statement, events: readonly EventInput[], now: Date): string[] {
  const pks = events.map(() => crypto.randomUUID());
  addEventRows(statement, eventColumns(pks, events), at(now));
  return pks;
}

function eventColumns(pks: readonly string[], events: readonly EventInput[]): EventColumns {
  return {
    pk: [pks, "uuid"],
    name: [events.map((e) => e.name), "text"],
    account_pk: [events.map((e) => e.accountPk), "uuid"],
    environment: [events.map((e) => e.environment), "Environment"],
    integration_pk: [events.map((e) => e.integrationPk ?? null), "uuid"],
    object_pk: [events.map((e) => e.objectPk), "uuid"],
    data: [events.map((e) => JSON.stringify(e.data)), "json"],
    ...fanOutColumns(events),
  };
}

/** Adds the events of `columns` and their webhook deliveries, made at `now` (a value, or a template's slot), to `statement`. */
export function addEventRows(statement: Statement, columns: EventColumns, now: RawBuilder<Date>): void {
  const rows = statement.with(qb.selectFrom(rowsOf<EventRow, "e">("e", columns)).selectAll());
  statement.with(
    qb
      .insertInto("event")
      .columns(["pk", "account_pk", "environment", "integration_pk", "name", "object_pk", "data", "created_at"])
      .expression(
        qb
          .selectFrom(rows.as("e"))
          .select(["e.pk", "e.account_pk", "e.environment", "e.integration_pk", "e.name", "e.object_pk", "e.data", now.as("created_at")]),
      ),
  );
  addFanOut(statement, rows, now);
}

/** The arguments of `eventSlots`: one event's columns as texts. */
export type EventArgs = { [K in keyof EventRow as `event_${K}`]: (string | null)[] };

/** One event's columns as slots of a `Template` (its arguments: `eventArgs`). */
export function eventSlots(): EventColumns {
  const columns = eventColumns([], []);
  return {
    pk: [new Slot("event_pk"), columns.pk[1]],
    name: [new Slot("event_name"), columns.name[1]],
    account_pk: [new Slot("event_account_pk"), columns.account_pk[1]],
    environment: [new Slot("event_environment"), columns.environment[1]],
    integration_pk: [new Slot("event_integration_pk"), columns.integration_pk[1]],
    object_pk: [new Slot("event_object_pk"), columns.object_pk[1]],
    data: [new Slot("event_data"), columns.data[1]],
    body: [new Slot("event_body"), columns.body[1]],
    user_scoped: [new Slot("event_user_scoped"), columns.user_scoped[1]],
  };
}

/** The arguments of `eventSlots` for `event`, whose pk is `pk`. */
export function eventArgs(pk: string, event: EventInput): EventArgs {
  const c = eventColumns([pk], [event]);
  const texts = <T>([values]: Column<T>) => {
    if (values instanceof Slot) throw new TypeError("eventArgs: the event's columns are values");
    return textsOf(values);
  };
  return {
    event_pk: texts(c.pk),
    event_name: texts(c.name),
    event_account_pk: texts(c.account_pk),
    event_environment: texts(c.environment),
    event_integration_pk: texts(c.integration_pk),
    event_object_pk: texts(c.object_pk),
    event_data: texts(c.data),
    event_body: texts(c.body),
    event_user_scoped: texts(c.user_scoped),
  };
}

/** Adds the event and its webhook deliveries to `statement`; returns the event's pk. */
export function addEvent(statement: Statement, event: EventInput, now: Date): string {
  return addEvents(statement, [event], now)[0];
}

/** Records the event inside `tx`, in one statement with its deliveries. */
export async function recordEvent(tx: Prisma.TransactionClient, event: EventInput, now: Date): Promise<string> {
  const statement = new Statement();
  const pk = addEvent(statement, event, now);
  await statement.run(sqlIn(tx));
  return pk;
}
