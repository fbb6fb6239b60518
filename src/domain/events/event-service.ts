/**
 * Records an event in the transaction of the change that caused it, with the object as the API represents
 * it at that moment (webhook deliveries send exactly that body).
 */
import type { Prisma } from "@/generated/prisma/client";
import type { Environment } from "@/domain/environments";
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

/** Hooks run for every recorded event inside the same transaction (webhook fan-out registers one). */
export type EventListener = (tx: Prisma.TransactionClient, event: EventInput & { pk: string }) => Promise<void>;
const listeners: EventListener[] = [];

export function onEvent(listener: EventListener): void {
  listeners.push(listener);
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
  for (const listener of listeners) await listener(tx, { ...event, pk: row.pk });
  return row.pk;
}
