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

/** Accepts a notified Payout of the Employee (once); records Payout.accepted. */
export async function acceptPayout({ db, clock }: Timed, employeePk: string, payoutId: string) {
  return db.$transaction(async (tx) => {
    const now = clock.now();
    const current = await tx.payout.findFirst({
      where: { id: payoutId, employeePk },
      select: { pk: true, notifiedAt: true, acceptedAt: true, canceledAt: true },
    });
    if (!current) throw notFound();
    if (current.canceledAt) throw new DomainError("conflict", t("payout_canceled"));
    if (!current.notifiedAt) throw new DomainError("conflict", t("payout_not_notified"));
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
    return toEmployeePayout(row);
  });
}
