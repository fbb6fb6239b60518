/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
import { addFanOut, fanOutColumns, type FanOutRow } from "@/domain/webhooks/webhook-fanout";
import { rowsOf } from "@/db/row-sets";
import { qb, sqlIn, Statement } from "@/db/query-builder";
import type { EventName } from "./event-catalogue";

export interface EventInput {
  name: EventName;
  accountPk: string;
  environment: Environment;
  /** For Integration-scoped events. */
  integrationPk?: string | null;
  objectPk: string;
  data: Prisma.InputJsonObject;
}

/**
 * Adds the events and their webhook deliveries to `statement`, set-based: one text however many events (a
 * batch of the worker's is one statement, prepared once); returns the events' pks, in order.
 */
export function addEvents(statement: Statement, events: readonly EventInput[]): string[] {
  const pks = events.map(() => crypto.randomUUID());
  const rows = statement.with(
    qb
      .selectFrom(
        rowsOf<FanOutRow & { data: unknown }, "e">("e", {
          pk: [pks, "uuid"],
          name: [events.map((e) => e.name), "text"],
          account_pk: [events.map((e) => e.accountPk), "uuid"],
          environment: [events.map((e) => e.environment), "Environment"],
          integration_pk: [events.map((e) => e.integrationPk ?? null), "uuid"],
          object_pk: [events.map((e) => e.objectPk), "uuid"],
          data: [events.map((e) => JSON.stringify(e.data)), "jsonb"],
          ...fanOutColumns(events),
        }),
      )
      .selectAll(),
  );
  statement.with(
    qb
      .insertInto("event")
      .columns(["pk", "account_pk", "environment", "integration_pk", "name", "object_pk", "data"])
      .expression(qb.selectFrom(rows.as("e")).select(["e.pk", "e.account_pk", "e.environment", "e.integration_pk", "e.name", "e.object_pk", "e.data"])),
  );
  addFanOut(statement, rows);
  return pks;
}

/** Adds the event and its webhook deliveries to `statement`; returns the event's pk. */
export function addEvent(statement: Statement, event: EventInput): string {
  return addEvents(statement, [event])[0];
}

/** Records the event inside `tx`, in one statement with its deliveries. */
export async function recordEvent(tx: Prisma.TransactionClient, event: EventInput): Promise<string> {
  const statement = new Statement();
  const pk = addEvent(statement, event);
  await statement.run(sqlIn(tx));
  return pk;
}
