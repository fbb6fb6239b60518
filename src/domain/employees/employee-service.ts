/** Employees: the workers an Integration pays. Creating one schedules their invitation (outbox) in the same transaction. */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, fieldError, notFound } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { normalisePhone } from "@/domain/shared/contact-fields";
import { pageWindow } from "@/domain/shared/pagination";
import { timestamp } from "@/domain/shared/schemas";
import { nullableTimestampWhere, timestampWhere } from "@/domain/shared/timestamp-filters";
import { metadataOf } from "@/domain/shared/schemas";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/trpc/init";
import type { TCreateEmployeeRequest, TEmployee, TListEmployeesQuery } from "./employee-schemas";

export const NOTIFY_EMPLOYEE_JOB = "employee.notify";
export const RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;

export const employeeSelect = {
  pk: true,
  id: true,
  name: true,
  email: true,
  cellphoneNumber: true,
  country: true,
  metadata: true,
  invitationCode: true,
  createdAt: true,
  notifiedAt: true,
  claimedAt: true,
  verifiedAt: true,
} satisfies Prisma.EmployeeSelect;

export type EmployeeRow = Prisma.EmployeeGetPayload<{ select: typeof employeeSelect }>;

export function employeeStatus(row: Pick<EmployeeRow, "notifiedAt" | "claimedAt" | "verifiedAt">): TEmployee["latest_status"] {
  if (row.verifiedAt) return "active";
  if (row.claimedAt) return "onboarding";
  if (row.notifiedAt) return "invited";
  return "created";
}

export function toEmployeeApi(row: EmployeeRow): TEmployee {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    cellphone_number: row.cellphoneNumber,
    country: row.country,
    metadata: metadataOf(row.metadata),
    created_at: timestamp(row.createdAt),
    notified_at: timestamp(row.notifiedAt),
    claimed_at: timestamp(row.claimedAt),
    verified_at: timestamp(row.verifiedAt),
    invitation_code: row.claimedAt ? null : row.invitationCode,
    latest_status: employeeStatus(row),
  };
}

const INVITATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I: read aloud and typed by hand
function newInvitationCode(): string {
  return Array.from(crypto.randomBytes(8), (b) => INVITATION_ALPHABET[b % 32]).join("");
}

function phoneOrError(value: string | null | undefined, country: string): string | null | undefined {
  if (value === undefined || value === null) return value;
  if (value === "") return null;
  const phone = normalisePhone(value, country);
  if (!phone) throw fieldError("cellphone_number", t("invalid_phone"));
  return phone;
}

const scoped = (scope: IntegrationScope, id: string): Prisma.EmployeeWhereInput => ({ id, integrationPk: scope.integrationPk });

export async function listEmployees(db: Db, scope: IntegrationScope, q: TListEmployeesQuery) {
  const search = q.search ? { contains: q.search, mode: "insensitive" as const } : undefined;
  const where: Prisma.EmployeeWhereInput = {
    integrationPk: scope.integrationPk,
    createdAt: timestampWhere(q, "created_at"),
    notifiedAt: nullableTimestampWhere(q, "notified_at"),
    claimedAt: nullableTimestampWhere(q, "claimed_at"),
    verifiedAt: nullableTimestampWhere(q, "verified_at"),
    OR: search ? [{ name: search }, { email: search }, { cellphoneNumber: search }] : undefined,
  };
  const [count, rows] = await Promise.all([
    db.employee.count({ where }),
    db.employee.findMany({ where, select: employeeSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  ]);
  return { count, rows };
}

export async function getEmployee(db: Db, scope: IntegrationScope, id: string): Promise<EmployeeRow> {
  const row = await db.employee.findFirst({ where: scoped(scope, id), select: employeeSelect });
  if (!row) throw notFound();
  return row;
}

/** Creates an Employee inside `tx`: records Employee.created and schedules the invitation. */
export async function createEmployeeInTx(
  tx: Prisma.TransactionClient,
  scope: IntegrationScope,
  input: TCreateEmployeeRequest,
  baseUrl: string,
): Promise<EmployeeRow> {
  const row = await tx.employee.create({
    data: {
      id: input.id ?? crypto.randomUUID(),
      integrationPk: scope.integrationPk,
      name: input.name,
      email: input.email,
      cellphoneNumber: phoneOrError(input.cellphone_number, input.country) ?? null,
      country: input.country,
      metadata: input.metadata ?? {},
      invitationCode: newInvitationCode(),
    },
    select: employeeSelect,
  });
  await recordEvent(tx, {
    name: "Employee.created",
    accountPk: scope.accountPk,
    environment: scope.environment,
    integrationPk: scope.integrationPk,
    objectPk: row.pk,
    data: toEmployeeApi(row),
  });
  await enqueueJob(tx, { kind: NOTIFY_EMPLOYEE_JOB, payload: { employeePk: row.pk, baseUrl } });
  return row;
}

export async function createEmployee(db: Db, scope: IntegrationScope, input: TCreateEmployeeRequest, baseUrl: string) {
  return withUniqueId(() => db.$transaction((tx) => createEmployeeInTx(tx, scope, input, baseUrl)));
}

/** PATCH (`partial`) keeps omitted fields; PUT (`replace`) resets omitted optional ones, as create would. */
export async function updateEmployee(
  db: Db,
  scope: IntegrationScope,
  id: string,
  input: Partial<TCreateEmployeeRequest>,
  mode: "partial" | "replace",
): Promise<EmployeeRow> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const current = await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true, country: true } });
      if (!current) throw notFound();
      const country = input.country ?? current.country;
      const data: Prisma.EmployeeUpdateInput = {
        id: input.id ?? (mode === "replace" ? crypto.randomUUID() : undefined),
        name: input.name,
        email: input.email,
        country: input.country,
        cellphoneNumber: phoneOrError(mode === "replace" ? (input.cellphone_number ?? null) : input.cellphone_number, country),
        metadata: mode === "replace" ? (input.metadata ?? {}) : input.metadata,
      };
      return tx.employee.update({ where: { pk: current.pk }, data, select: employeeSelect });
    }),
  );
}

export async function deleteEmployee(db: Db, scope: IntegrationScope, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true } });
    if (!current) throw notFound();
    await tx.employee.delete({ where: { pk: current.pk } });
  });
}

/** Sends the invitation again; resends are at least 24 hours apart (429 with Retry-After otherwise). */
export async function resendInvitation(db: Db, scope: IntegrationScope, id: string, baseUrl: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true, resentAt: true } });
    if (!current) throw notFound();
    const now = new Date();
    const allowedAt = current.resentAt ? new Date(current.resentAt.getTime() + RESEND_INTERVAL_MS) : now;
    // The conditional update also stops two concurrent resends from both passing the check.
    const { count } =
      allowedAt <= now ? await tx.employee.updateMany({ where: { pk: current.pk, resentAt: current.resentAt }, data: { resentAt: now } }) : { count: 0 };
    if (count === 0) {
      const wait = Math.max(1, Math.ceil((allowedAt.getTime() - now.getTime()) / 1000));
      throw new DomainError("throttled", t("resend_too_soon", { at: allowedAt.toISOString() }), { "Retry-After": String(wait) });
    }
    await enqueueJob(tx, { kind: NOTIFY_EMPLOYEE_JOB, payload: { employeePk: current.pk, baseUrl } });
  });
}
