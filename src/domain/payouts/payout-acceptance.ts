/** The employee app's side of Payouts: the signed-in Employee's notified Payouts, and accepting one. */
import type { Db } from "@/db/database";
import type { Timed } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound } from "@/domain/errors";
import { recordEvent } from "@/domain/events/event-service";
import { formatMoney } from "@/domain/pricing/pricing";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { payoutSelect, payoutStatus, toPayoutApi, toPayoutPricingApi, type PayoutRow } from "./payout-representation";

const withIntegration = {
  ...payoutSelect,
  integration: { select: { pk: true, name: true, accountPk: true, environment: true } },
} satisfies Prisma.PayoutSelect;
type EmployeePayoutRow = PayoutRow & { integration: { name: string } };
type WithScope = { integration: { pk: string; accountPk: string; environment: string } };

/** What the Employee sees: the gross amount, the preliminary tax withheld from it, and who pays. */
function toEmployeePayout(row: EmployeePayoutRow) {
  return {
    id: row.id,
    amount: formatMoney(row.amount),
    tax: toPayoutPricingApi(row).tax,
    currency: row.currency,
    description: row.description,
    integration: row.integration.name,
    start_at: timestamp(row.startAt),
    end_at: timestamp(row.endAt),
    notified_at: timestamp(row.notifiedAt),
    accepted_at: timestamp(row.acceptedAt),
    latest_status: payoutStatus(row),
  };
}

/** The Employee's notified Payouts, newest first (Payouts are shown once their Payrun is paid). */
export async function employeePayouts(db: Db, employeePk: string) {
  const rows = await db.payout.findMany({
    where: { employeePk, notifiedAt: { not: null }, canceledAt: null },
    select: withIntegration,
    orderBy: [{ notifiedAt: "desc" }, { createdAt: "desc" }, { pk: "asc" }],
    take: 200,
  });
  return rows.map(toEmployeePayout);
}

/** Accepts a Payout of the signed-in Employee (once); records Payout.accepted. */
export async function acceptPayout({ db, clock }: Timed, employeePk: string, payoutId: string) {
  return db.$transaction(async (tx) => toEmployeePayout(await acceptPayoutInTx(tx, { id: payoutId, employeePk }, clock.now())));
}

/**
 * The acceptance, inside the caller's transaction: the employee app's, and the demo test helper's (as if the
 * Employee accepted). A Payout can be accepted once it is `available` (src/domain/status): its Payrun paid, the
 * Payout notified, its Employee claimed and verified; otherwise a 409 names the step still missing.
 */
export async function acceptPayoutInTx(tx: Prisma.TransactionClient, where: Prisma.PayoutWhereInput, now: Date): Promise<EmployeePayoutRow & WithScope> {
  const current = await tx.payout.findFirst({
    where,
    select: {
      pk: true,
      notifiedAt: true,
      acceptedAt: true,
      canceledAt: true,
      payrun: { select: { open: true, paidAt: true } },
      employee: { select: { claimedAt: true, verifiedAt: true } },
    },
  });
  if (!current) throw notFound();
  if (current.canceledAt) throw new DomainError("conflict", t("payout_canceled"));
  if (current.acceptedAt) throw new DomainError("conflict", t("payout_already_accepted"));
  // Not notified yet: the step missing is its Payrun's close and payment, or the notification on its way (a
  // prepaid Payout is notified while its Payrun is still open).
  if (!current.notifiedAt) {
    if (current.payrun.open) throw new DomainError("conflict", t("payout_payrun_open"));
    if (!current.payrun.paidAt) throw new DomainError("conflict", t("payout_payrun_unpaid"));
    throw new DomainError("conflict", t("payout_not_notified"));
  }
  if (!current.employee.claimedAt) throw new DomainError("conflict", t("employee_not_claimed"));
  if (!current.employee.verifiedAt) throw new DomainError("conflict", t("employee_not_verified"));
  // The conditional update is the check: of two concurrent accepts only one changes the row.
  const { count } = await tx.payout.updateMany({
    where: { pk: current.pk, notifiedAt: { not: null }, acceptedAt: null, canceledAt: null },
    data: { acceptedAt: now },
  });
  if (count === 0) throw new DomainError("conflict", t("payout_already_accepted"));
  const row = await tx.payout.findUniqueOrThrow({ where: { pk: current.pk }, select: withIntegration });
  await recordEvent(
    tx,
    {
      name: "Payout.accepted",
      accountPk: row.integration.accountPk,
      environment: row.integration.environment,
      integrationPk: row.integration.pk,
      objectPk: row.pk,
      data: toPayoutApi(row),
    },
    now,
  );
  return row;
}
