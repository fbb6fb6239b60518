/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment, and queues its webhook deliveries in the same transaction.
 */
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
  const row = await tx.event.create({
    data: {
      name: event.name,
      accountPk: event.accountPk,
      environment: event.environment,
      integrationPk: event.integrationPk ?? null,
      objectPk: event.objectPk,
      data: event.data,
    },
    select: { pk: true },
  });
  await fanOutEvent(tx, { ...event, pk: row.pk, integrationPk: event.integrationPk ?? null });
  return row.pk;
}
