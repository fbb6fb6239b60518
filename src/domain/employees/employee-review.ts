/**
 * The review team's verification of live Employees after they claim: what was collected, approve or
 * reject with a reason, and the audit trail of those decisions (as Registrations have). The Employee's API
 * representation is unchanged: a rejected Employee stays claimed and unverified; the decision is the reviewers'.
 */
import type { Db } from "@/db/database";
import type { Timed } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { reviewerOf, type Actor } from "@/domain/shared/reviewer";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { employeeSelect, toEmployeeApi } from "./employee-representation";

const withIntegration = { ...employeeSelect, integration: { select: { pk: true, accountPk: true, environment: true } } } satisfies Prisma.EmployeeSelect;

async function decisions(db: Prisma.TransactionClient, employeePk: string) {
  const rows = await db.employeeDecision.findMany({
    where: { employeePk },
    orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
    select: { decision: true, reason: true, reviewerId: true, reviewerEmail: true, createdAt: true },
  });
  return rows.map((r) => ({
    decision: r.decision === "approved" ? ("approved" as const) : ("rejected" as const),
    reason: r.reason,
    reviewer_id: r.reviewerId,
    reviewer_email: r.reviewerEmail,
    created_at: timestamp(r.createdAt),
  }));
}

/** Everything the Employee gave and the employer entered, the review state, and the decisions so far. */
export async function employeeReview(db: Db, employeePk: string) {
  const row = await db.employee.findUnique({
    where: { pk: employeePk },
    select: {
      ...employeeSelect,
      metadata: true,
      createdAt: true,
      notifiedAt: true,
      claimedAt: true,
      verifiedAt: true,
      rejectedAt: true,
      integration: { select: { id: true, name: true, environment: true, account: { select: { name: true } } } },
    },
  });
  if (!row) throw new DomainError("not_found", t("not_found"));
  const status = row.verifiedAt ? "verified" : row.rejectedAt ? "rejected" : row.claimedAt ? "pending" : "unclaimed";
  return {
    pk: row.pk,
    employee: toEmployeeApi(row),
    metadata: metadataOf(row.metadata),
    status,
    notified_at: timestamp(row.notifiedAt),
    claimed_at: timestamp(row.claimedAt),
    rejected_at: timestamp(row.rejectedAt),
    integration: { id: row.integration.id, name: row.integration.name, environment: row.integration.environment },
    account: row.integration.account.name,
    decisions: await decisions(db, row.pk),
  } as const;
}

/** Verifies a claimed Employee (a rejected one too, when the reviewer changes their mind); records the decision and Employee.verified. */
export async function approveEmployee({ db, clock }: Timed, employeePk: string, actor: Actor): Promise<void> {
  await db.$transaction((tx) => approveEmployeeInTx(tx, employeePk, actor, clock.now()));
}

/** The approval inside the caller's transaction: the review team's, and the demo test helper's (as if the review team approved). */
export async function approveEmployeeInTx(tx: Prisma.TransactionClient, employeePk: string, actor: Actor, now: Date): Promise<void> {
  const current = await tx.employee.findUnique({ where: { pk: employeePk }, select: { claimedAt: true } });
  if (!current) throw new DomainError("not_found", t("not_found"));
  if (!current.claimedAt) throw new DomainError("conflict", t("employee_not_claimed"));
  const { count } = await tx.employee.updateMany({ where: { pk: employeePk, verifiedAt: null }, data: { verifiedAt: now, rejectedAt: null } });
  if (count === 0) throw new DomainError("conflict", t("employee_already_verified"));
  await tx.employeeDecision.create({ data: { employeePk, decision: "approved", ...(await reviewerOf(tx, actor)) } });
  const employee = await tx.employee.findUniqueOrThrow({ where: { pk: employeePk }, select: withIntegration });
  await recordEvent(
    tx,
    {
      name: "Employee.verified",
      accountPk: employee.integration.accountPk,
      environment: employee.integration.environment,
      integrationPk: employee.integration.pk,
      objectPk: employee.pk,
      data: toEmployeeApi(employee),
    },
    now,
  );
}

/** Rejects a claimed, unverified Employee with a reason; they leave the queue until approved. */
export async function rejectEmployee({ db, clock }: Timed, employeePk: string, reason: string, actor: Actor): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.employee.updateMany({
      where: { pk: employeePk, claimedAt: { not: null }, verifiedAt: null },
      data: { rejectedAt: clock.now() },
    });
    if (count === 0) {
      const exists = await tx.employee.findUnique({ where: { pk: employeePk }, select: { pk: true } });
      throw exists ? new DomainError("conflict", t("employee_not_pending")) : new DomainError("not_found", t("not_found"));
    }
    await tx.employeeDecision.create({ data: { employeePk, decision: "rejected", reason, ...(await reviewerOf(tx, actor)) } });
  });
}
