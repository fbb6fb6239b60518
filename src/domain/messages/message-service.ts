/** Messages: one-way texts from an Integration to some of its Employees, shown on the employee app's home view. */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { qb, runIn } from "@/db/query-builder";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { countedPage, pageWindow, type TPageQuery } from "@/domain/shared/pagination";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { keepReferenced } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import type { TCreateMessageRequest, TMessage } from "./message-schemas";

const messageSelect = {
  pk: true,
  id: true,
  content: true,
  metadata: true,
  createdAt: true,
  recipients: { select: { employee: { select: { id: true } } }, orderBy: { employee: { id: "asc" } } },
} satisfies Prisma.MessageSelect;

type MessageRow = Prisma.MessageGetPayload<{ select: typeof messageSelect }>;

export function toMessageApi(row: MessageRow): TMessage {
  return {
    id: row.id,
    employees: row.recipients.map((r) => r.employee.id),
    content: row.content,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
  };
}

export async function listMessages(db: Db, scope: IntegrationScope, q: TPageQuery & { employee?: string }) {
  const where: Prisma.MessageWhereInput = {
    integrationPk: scope.integrationPk,
    recipients: q.employee ? { some: { employee: { id: q.employee, integrationPk: scope.integrationPk } } } : undefined,
  };
  return countedPage(
    db.message.count({ where }),
    db.message.findMany({ where, select: messageSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getMessage(db: Db, scope: IntegrationScope, id: string): Promise<MessageRow> {
  return orNotFound(db.message.findFirst({ where: { id, integrationPk: scope.integrationPk }, select: messageSelect }));
}

/** The Integration's Employees with these ids; any id it does not have is a field error on `employees`. */
async function recipientsOrError(tx: Prisma.TransactionClient, scope: IntegrationScope, employeeIds: string[]) {
  const ids = [...new Set(employeeIds)];
  const named = await tx.employee.findMany({ where: { integrationPk: scope.integrationPk, id: { in: ids } }, select: { pk: true, id: true } });
  // Kept until commit: an Employee deleted meanwhile is a field error here, never a foreign-key 500.
  const kept = await keepReferenced(
    tx,
    "employee",
    named.map((e) => e.pk),
  );
  const employees = named.filter((e) => kept.has(e.pk));
  const found = new Set(employees.map((e) => e.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new DomainError("validation", { employees: missing.map((id) => t("object_does_not_exist", { id })) });
  return employees.map((e) => ({ employeePk: e.pk }));
}

export async function createMessage(db: Db, scope: IntegrationScope, input: TCreateMessageRequest): Promise<MessageRow> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const recipients = await recipientsOrError(tx, scope, input.employees);
      return tx.message.create({
        data: {
          id: input.id ?? crypto.randomUUID(),
          integrationPk: scope.integrationPk,
          content: input.content,
          metadata: input.metadata ?? {},
          recipients: { create: recipients },
        },
        select: messageSelect,
      });
    }),
  );
}

/**
 * PATCH (`partial`) keeps omitted fields; PUT (`replace`) resets omitted optional ones, as create would.
 * The employee app reads Messages live, so an edit shows at once to the Employees it now names, and an
 * Employee taken off `employees` no longer sees it.
 */
export async function updateMessage(
  db: Db,
  scope: IntegrationScope,
  id: string,
  input: Partial<TCreateMessageRequest>,
  mode: "partial" | "replace",
): Promise<MessageRow> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      // Locked, so that concurrent updates replace the recipients one after the other.
      const [current] = await runIn(
        tx,
        qb
          .selectFrom("message")
          .select((eb) => eb.cast<string>("pk", "text").as("pk"))
          .where("id", "=", id)
          .where("integration_pk", "=", scope.integrationPk)
          .forUpdate(),
      );
      if (!current) throw notFound();
      if (input.employees) {
        const recipients = await recipientsOrError(tx, scope, input.employees);
        await tx.messageRecipient.deleteMany({ where: { messagePk: current.pk } });
        await tx.messageRecipient.createMany({ data: recipients.map((r) => ({ ...r, messagePk: current.pk })) });
      }
      return tx.message.update({
        where: { pk: current.pk },
        data: {
          id: input.id ?? (mode === "replace" ? crypto.randomUUID() : undefined),
          content: input.content,
          metadata: mode === "replace" ? (input.metadata ?? {}) : input.metadata,
        },
        select: messageSelect,
      });
    }),
  );
}

/** Deleting a Message takes it off the employee app of everyone it went to; the Employees stay. */
export async function deleteMessage(db: Db, scope: IntegrationScope, id: string): Promise<void> {
  const { count } = await db.message.deleteMany({ where: { id, integrationPk: scope.integrationPk } });
  if (count === 0) throw notFound();
}
