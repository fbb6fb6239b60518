/** Creating Employees: the Employee, Employee.created and the invitation job in one statement, compiled once. */
import crypto from "node:crypto";
import type { ServiceContext } from "@/domain/shared/service-context";
import { fastSql } from "@/db/fast-sql";
import { at, jsonb, qb, slotsOf, sqlIn, Statement, typed, type SqlRunner } from "@/db/query-builder";
import type { Prisma } from "@/generated/prisma/client";
import { addEventRows, eventArgs, eventSlots, type EventArgs } from "@/domain/events/event-service";
import { addJobSlots, jobArgs, type JobArgs } from "@/domain/outbox/outbox-service";
import { withUniqueId } from "@/domain/shared/unique-id";
import { pooledRandomBytes } from "@/lib/random-pool";
import { phoneOrError } from "./employee-input";
import { NOTIFY_EMPLOYEE_JOB } from "./employee-invitation";
import { toEmployeeApi, type EmployeeRow } from "./employee-representation";
import type { TCreateEmployeeRequest } from "./employee-schemas";

const INVITATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud and typed by hand
function newInvitationCode(): string {
  return Array.from(pooledRandomBytes(8), (b) => INVITATION_ALPHABET[b % 32]).join("");
}

/**
 * Creates an Employee, records Employee.created (with its webhook deliveries) and schedules the invitation,
 * all in one statement: atomic on its own, or part of the caller's transaction.
 */
async function insertEmployee(sql: SqlRunner, { scope, clock, baseUrl }: Omit<ServiceContext, "db">, input: TCreateEmployeeRequest): Promise<EmployeeRow> {
  const row: EmployeeRow = {
    pk: crypto.randomUUID(),
    id: input.id ?? crypto.randomUUID(),
    name: input.name,
    email: input.email ?? null,
    cellphoneNumber: phoneOrError(input.cellphone_number, input.country) ?? null,
    country: input.country,
    metadata: input.metadata ?? {},
    invitationCode: newInvitationCode(),
    createdAt: clock.now(),
    notifiedAt: null,
    claimedAt: null,
    verifiedAt: null,
  };
  await CREATE_EMPLOYEE.run(sql, {
    pk: row.pk,
    id: row.id,
    integration_pk: scope.integrationPk,
    name: row.name,
    email: row.email,
    cellphone_number: row.cellphoneNumber,
    country: row.country,
    metadata: JSON.stringify(input.metadata ?? {}),
    invitation_code: row.invitationCode,
    created_at: row.createdAt.toISOString(),
    ...eventArgs(crypto.randomUUID(), {
      name: "Employee.created",
      accountPk: scope.accountPk,
      environment: scope.environment,
      integrationPk: scope.integrationPk,
      objectPk: row.pk,
      data: toEmployeeApi(row),
    }),
    ...jobArgs({ employeePk: row.pk, baseUrl }),
  });
  return row;
}

type CreateArgs = EventArgs &
  JobArgs & {
    pk: string;
    id: string;
    integration_pk: string;
    name: string;
    email: string | null;
    cellphone_number: string | null;
    country: string;
    /** JSON text. */
    metadata: string;
    invitation_code: string | null;
    /** ISO 8601. */
    created_at: string;
  };

/**
 * The create's one statement (the Employee, Employee.created with its webhook deliveries, the invitation
 * job), built and compiled once: building and compiling its CTEs on every create cost about as much as the
 * rest of the request.
 */
const CREATE_EMPLOYEE = (() => {
  const slot = slotsOf<CreateArgs>();
  const statement = new Statement();
  const now = at(slot("created_at"));
  statement.with(
    qb.insertInto("employee").values({
      pk: typed(slot("pk"), "uuid"),
      id: typed(slot("id"), "text"),
      integration_pk: typed(slot("integration_pk"), "uuid"),
      name: typed(slot("name"), "text"),
      email: typed(slot("email"), "text"),
      cellphone_number: typed(slot("cellphone_number"), "text"),
      country: typed(slot("country"), "text"),
      metadata: jsonb(slot("metadata")),
      invitation_code: typed(slot("invitation_code"), "text"),
      created_at: now,
      updated_at: now,
    }),
  );
  addEventRows(statement, eventSlots(), now);
  addJobSlots(statement, NOTIFY_EMPLOYEE_JOB, now);
  return statement.template<CreateArgs>();
})();

/** Creates an Employee inside `tx` (bulk requests). */
export function createEmployeeInTx(tx: Prisma.TransactionClient, ctx: Omit<ServiceContext, "db">, input: TCreateEmployeeRequest) {
  return insertEmployee(sqlIn(tx), ctx, input);
}

/** Creates one Employee: a single statement straight to the driver (the API's most frequent write). */
export async function createEmployee(ctx: ServiceContext, input: TCreateEmployeeRequest) {
  return withUniqueId(() => insertEmployee(fastSql(ctx.db), ctx, input));
}
