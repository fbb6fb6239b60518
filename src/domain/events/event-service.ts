/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
import { addFanOut } from "@/domain/webhooks/webhook-fanout";
import { run, sqlIn, SqlStatement } from "@/db/sql-statement";
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

/** Adds the event and its webhook deliveries to `statement`; returns the event's pk. */
export function addEvent(statement: SqlStatement, event: EventInput): string {
  const pk = crypto.randomUUID();
  const p = (value: unknown, type: string) => statement.param(value, type);
  statement.with(`INSERT INTO event (pk, account_pk, environment, integration_pk, name, object_pk, data)
    VALUES (${p(pk, "uuid")}, ${p(event.accountPk, "uuid")}, ${p(event.environment, "text")}::"Environment",
            ${p(event.integrationPk ?? null, "uuid")}, ${p(event.name, "text")}, ${p(event.objectPk, "uuid")}, ${p(JSON.stringify(event.data), "jsonb")})`);
  addFanOut(statement, { ...event, pk, integrationPk: event.integrationPk ?? null });
  return pk;
}

/** Records the event inside `tx`, in one statement with its deliveries. */
export async function recordEvent(tx: Prisma.TransactionClient, event: EventInput): Promise<string> {
  const statement = new SqlStatement();
  const pk = addEvent(statement, event);
  await run(sqlIn(tx), statement);
  return pk;
}
