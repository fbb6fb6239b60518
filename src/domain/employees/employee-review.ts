/**
 * The review team's verification of live Employees after they claim: what was collected, approve or
 * reject with a reason, and the audit trail of those decisions (as Registrations have). The Employee's API
 * representation is unchanged: a rejected Employee stays claimed and unverified; the decision is the reviewers'.
 */
import type { Timed } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { reviewerOf, type Actor } from "@/domain/audit/reviewer";
import { recordAudit } from "@/domain/audit/audit-record";
import type { Environment } from "@/generated/prisma/enums";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { employeeSelect, toEmployeeApi } from "./employee-representation";
import { employeeWithIntegration, recordEmployeeEvent } from "./employee-events";
import { checkBankAccount, MINIMUM_AGE, parseIdentityNumber } from "./claim-details-rules";
import { maskedClaimDetails, openClaimDetails } from "./claim-details-store";
import type { Sealed } from "./employee-app-service";
import { recordReveal, revealsOf, type RevealableField } from "./sensitive-reveal";

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

/** A decision in the audit log too: the one place the review team's actions are listed. */
async function recordEmployeeDecision(
  tx: Prisma.TransactionClient,
  employee: { id: string; name: string; integration: { accountPk: string; environment: Environment } },
  action: "employee.approved" | "employee.rejected",
  actor: Actor,
  now: Date,
  reason: string | null,
): Promise<void> {
  await recordAudit(tx, {
    at: now,
    accountPk: employee.integration.accountPk,
    environment: employee.integration.environment,
    actor,
    action,
    target: { type: "employee", id: employee.id, label: employee.name },
    after: reason ? { reason } : null,
  });
}

const sameName = (a: string, b: string) =>
  a.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase() === b.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();

/** The automatic checks of the claim form's details, made again on the reviewer's day (an age can change). */
async function claimChecks({ db, clock, fieldCipher }: Sealed, employeePk: string, employerName: string, confirmedName: string) {
  const opened = await openClaimDetails(db, fieldCipher, employeePk);
  if (!opened) return null;
  const identity = parseIdentityNumber(opened.identityNumber, clock.now());
  const bank = checkBankAccount({ clearing_number: opened.clearing, account_number: opened.account });
  return {
    identity_number_valid: identity !== null,
    coordination_number: identity?.coordination ?? false,
    age: identity?.age ?? null,
    age_at_least_16: identity !== null && identity.age >= MINIMUM_AGE,
    bank_account_valid: "ok" in bank,
    bank_name: "ok" in bank ? bank.ok.bankName : null,
    // The same words the claim form would have shown, so that the reviewer can tell the Employee what to correct.
    bank_account_problem:
      "errors" in bank
        ? Object.values(bank.errors)
            .flatMap((v) => (Array.isArray(v) ? v : []))
            .join(" ")
        : null,
    name_matches: sameName(employerName, confirmedName),
  };
}

/** Everything the Employee gave (masked) and the employer entered, the automatic checks, the review state, and the decisions and reveals so far. */
export async function employeeReview(ctx: Sealed, employeePk: string) {
  const { db } = ctx;
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
  const details = await maskedClaimDetails(db, row.pk);
  return {
    pk: row.pk,
    employee: toEmployeeApi(row),
    metadata: metadataOf(row.metadata),
    status,
    details,
    checks: details ? await claimChecks(ctx, row.pk, row.name, details.name) : null,
    reveals: await revealsOf(db, row.pk),
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
  const employee = await tx.employee.findUniqueOrThrow({ where: { pk: employeePk }, select: employeeWithIntegration });
  await recordEmployeeDecision(tx, employee, "employee.approved", actor, now, null);
  await recordEmployeeEvent(tx, "Employee.verified", employee, now);
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
    const employee = await tx.employee.findUniqueOrThrow({ where: { pk: employeePk }, select: employeeWithIntegration });
    await recordEmployeeDecision(tx, employee, "employee.rejected", actor, clock.now(), reason);
  });
}

/** The full value of one encrypted detail for the review team, recorded (recordReveal) in the same transaction. */
export async function revealEmployeeDetail(
  { db, clock, fieldCipher }: Sealed,
  input: { employeePk: string; field: RevealableField },
  actor: Actor,
): Promise<{ field: RevealableField; value: string }> {
  return db.$transaction(async (tx) => {
    const opened = await openClaimDetails(tx, fieldCipher, input.employeePk);
    if (!opened) throw new DomainError("not_found", t("not_found"));
    await recordReveal(tx, { employeePk: input.employeePk, field: input.field, actor, now: clock.now() });
    const value = input.field === "identity_number" ? opened.identityNumber : `${opened.clearing} ${opened.account}`;
    return { field: input.field, value };
  });
}
