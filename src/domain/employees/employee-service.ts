/**
 * Employees: the workers an Integration pays. Retrieving, updating, deleting and resending the invitation here;
 * creating in employee-create.ts, the list in employee-list.ts, the representation in employee-representation.ts.
 */
import crypto from "node:crypto";
import type { ScopedDb, ServiceContext } from "@/domain/shared/service-context";
import { fastSql } from "@/db/fast-sql";
import { compiledOnce, placeholder, qb, runCompiled } from "@/db/query-builder";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound } from "@/domain/errors";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { lockFound } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { phoneOrError } from "./employee-input";
import { NOTIFY_EMPLOYEE_JOB } from "./employee-invitation";
import { employeeColumns, employeeSelect, type EmployeeRow } from "./employee-representation";
import type { TBulkResendResult, TCreateEmployeeRequest } from "./employee-schemas";

export const RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;

const scoped = (scope: IntegrationScope, id: string): Prisma.EmployeeWhereInput => ({ id, integrationPk: scope.integrationPk });

/** $1 the Integration, $2 the Employee's id. */
const GET = compiledOnce(
  qb
    .selectFrom("employee")
    .select(employeeColumns)
    .where("integration_pk", "=", placeholder<string>(1, "uuid"))
    .where("id", "=", placeholder<string>(2, "text")),
);

export async function getEmployee({ db, scope }: ScopedDb, id: string): Promise<EmployeeRow> {
  const [row] = await runCompiled(fastSql(db), GET, [scope.integrationPk, id]);
  if (!row) throw notFound();
  return row;
}

/** PATCH (`partial`) keeps omitted fields; PUT (`replace`) resets omitted optional ones, as create would. */
export async function updateEmployee(
  { db, scope }: ScopedDb,
  id: string,
  input: Partial<TCreateEmployeeRequest>,
  mode: "partial" | "replace",
): Promise<EmployeeRow> {
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const { pk } = await lockFound(tx, "employee", await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true } }), id);
      const current = await tx.employee.findUniqueOrThrow({ where: { pk }, select: { pk: true, country: true } });
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

export async function deleteEmployee({ db, scope }: ScopedDb, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await lockFound(tx, "employee", await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true } }), id);
    const payout = await tx.payout.findFirst({ where: { employeePk: current.pk, integrationPk: scope.integrationPk }, select: { pk: true } });
    if (payout) throw new DomainError("conflict", t("employee_has_payouts"));
    await tx.employee.delete({ where: { pk: current.pk } });
  });
}

/**
 * Sends the invitation again unless the once-a-day rule forbids it: null when queued, else when it is next allowed.
 * `unclaimedOnly`: an Employee who has claimed is refused (409). The API's resend allows any state (the spec's
 * lifecycle), so only the dashboard's bulk resend asks for this.
 */
async function resendOnce({ db, scope, clock, baseUrl }: ServiceContext, id: string, unclaimedOnly = false): Promise<Date | null> {
  return db.$transaction(async (tx) => {
    const current = await tx.employee.findFirst({ where: scoped(scope, id), select: { pk: true, resentAt: true, claimedAt: true } });
    if (!current) throw notFound();
    if (unclaimedOnly && current.claimedAt) throw new DomainError("conflict", t("resend_claimed"));
    const now = clock.now();
    const allowedAt = current.resentAt ? new Date(current.resentAt.getTime() + RESEND_INTERVAL_MS) : now;
    // The conditional update also stops two concurrent resends from both passing the check.
    const { count } =
      allowedAt <= now ? await tx.employee.updateMany({ where: { pk: current.pk, resentAt: current.resentAt }, data: { resentAt: now } }) : { count: 0 };
    if (count === 0) return allowedAt > now ? allowedAt : new Date(now.getTime() + RESEND_INTERVAL_MS);
    await enqueueJob(tx, { kind: NOTIFY_EMPLOYEE_JOB, payload: { employeePk: current.pk, baseUrl }, runAt: now });
    return null;
  });
}

/** One resend: 429 with Retry-After within a day of the last; with `unclaimedOnly`, 409 once the Employee has claimed. */
export async function resendInvitation(ctx: ServiceContext, id: string, { unclaimedOnly = false } = {}): Promise<void> {
  const allowedAt = await resendOnce(ctx, id, unclaimedOnly);
  if (allowedAt) {
    const wait = Math.max(1, Math.ceil((allowedAt.getTime() - ctx.clock.now().getTime()) / 1000));
    throw new DomainError("throttled", t("resend_too_soon", { at: allowedAt.toISOString() }), { "Retry-After": String(wait) });
  }
}

/**
 * The dashboard's bulk resend: each Employee on its own (one refused resend does not stop the others), the
 * once-a-day rule applied to each, and none to an Employee who has claimed (there is no invitation left to
 * accept); the ones skipped say why and, when throttled, when a resend is allowed.
 */
export async function resendInvitations(ctx: ServiceContext, ids: string[]): Promise<TBulkResendResult> {
  const result: TBulkResendResult = { sent: [], skipped: [] };
  for (const id of new Set(ids)) {
    try {
      const allowedAt = await resendOnce(ctx, id, true);
      if (allowedAt) result.skipped.push({ id, reason: "too_soon", retry_at: allowedAt.toISOString() });
      else result.sent.push(id);
    } catch (e) {
      if (!(e instanceof DomainError && (e.code === "not_found" || e.code === "conflict"))) throw e;
      result.skipped.push({ id, reason: e.code === "conflict" ? "claimed" : "not_found", retry_at: null });
    }
  }
  return result;
}
