/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
import crypto from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
import { fanOutEvent } from "@/domain/webhooks/webhook-fanout";
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

export async function recordEvent(tx: Prisma.TransactionClient, event: EventInput): Promise<string> {
  // Raw SQL: recorded on every write's path, where Prisma's query compiler costs more than the insert.
  const pk = crypto.randomUUID();
  await tx.$executeRaw`
    INSERT INTO event (pk, account_pk, environment, integration_pk, name, object_pk, data)
    VALUES (${pk}::uuid, ${event.accountPk}::uuid, ${event.environment}::"Environment", ${event.integrationPk ?? null}::uuid,
            ${event.name}, ${event.objectPk}::uuid, ${JSON.stringify(event.data)}::jsonb)`;
  await fanOutEvent(tx, { ...event, pk, integrationPk: event.integrationPk ?? null });
  return pk;
}
