/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
import { addFanOut } from "@/domain/webhooks/webhook-fanout";
import { jsonb, qb, sqlIn, Statement, typed } from "@/db/query-builder";
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
export function addEvent(statement: Statement, event: EventInput): string {
  const pk = crypto.randomUUID();
  statement.with(
    qb.insertInto("event").values({
      pk: typed(pk, "uuid"),
      account_pk: typed(event.accountPk, "uuid"),
      environment: typed(event.environment, "Environment"),
      integration_pk: typed(event.integrationPk ?? null, "uuid"),
      name: typed(event.name, "text"),
      object_pk: typed(event.objectPk, "uuid"),
      data: jsonb(event.data),
    }),
  );
  addFanOut(statement, { ...event, pk, integrationPk: event.integrationPk ?? null });
  return pk;
}

/** Records the event inside `tx`, in one statement with its deliveries. */
export async function recordEvent(tx: Prisma.TransactionClient, event: EventInput): Promise<string> {
  const statement = new Statement();
  const pk = addEvent(statement, event);
  await statement.run(sqlIn(tx));
  return pk;
}
