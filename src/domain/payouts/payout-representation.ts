/** A Payout as the API shows it, and its pricing breakdown as stored at creation. */
import type { Prisma } from "@/generated/prisma/client";
import { employeeSelect, toEmployeeApi } from "@/domain/employees/employee-representation";
import { formatMoney } from "@/domain/pricing/pricing";
import { storedItems } from "@/domain/pricing/stored-breakdown";
import type { TPayoutPricing } from "./payout-pricing-schemas";
import { metadataOf, timestamp } from "@/domain/shared/schemas";
import { PAYOUT_STATUS_RULES, statusOf } from "@/domain/status/status-rules";
import type { TPayout } from "./payout-schemas";

export const payoutSelect = {
  pk: true,
  id: true,
  basis: true,
  amount: true,
  invoicedAmount: true,
  cost: true,
  currency: true,
  breakdown: true,
  description: true,
  metadata: true,
  startAt: true,
  endAt: true,
  createdAt: true,
  notifiedAt: true,
  acceptedAt: true,
  canceledAt: true,
  employee: { select: employeeSelect },
  payrunPk: true,
  payrun: { select: { id: true, open: true, paidAt: true } },
} satisfies Prisma.PayoutSelect;

export type PayoutRow = Prisma.PayoutGetPayload<{ select: typeof payoutSelect }>;

/** The Payout's status by the rules of src/domain/status, from its own, its Payrun's and its Employee's state. */
export function payoutStatus(row: Pick<PayoutRow, "notifiedAt" | "acceptedAt" | "payrun" | "employee">): TPayout["latest_status"] {
  return statusOf(PAYOUT_STATUS_RULES, {
    accepted: row.acceptedAt !== null,
    notified: row.notifiedAt !== null,
    employee_verified: row.employee.verifiedAt !== null,
    employee_claimed: row.employee.claimedAt !== null,
    funded: row.payrun.paidAt !== null || row.notifiedAt !== null,
    payrun_open: row.payrun.open,
  });
}

export function toPayoutApi(row: PayoutRow, expand: readonly string[] = []): TPayout {
  return {
    id: row.id,
    amount: formatMoney(row.amount),
    invoiced_amount: formatMoney(row.invoicedAmount),
    cost: formatMoney(row.cost),
    currency: row.currency,
    description: row.description,
    employee: expand.includes("employee") ? toEmployeeApi(row.employee) : row.employee.id,
    payrun: row.payrun.id,
    invoice: row.payrun.id,
    full_salary_specification: row.basis !== "amount",
    latest_status: payoutStatus(row),
    metadata: metadataOf(row.metadata),
    start_at: timestamp(row.startAt),
    end_at: timestamp(row.endAt),
    created_at: timestamp(row.createdAt),
    notified_at: timestamp(row.notifiedAt),
    accepted_at: timestamp(row.acceptedAt),
    canceled_at: timestamp(row.canceledAt),
  };
}

export function toPayoutPricingApi(row: PayoutRow): TPayoutPricing {
  const items = storedItems(row);
  return {
    payout: row.id,
    amount: formatMoney(row.amount),
    invoiced_amount: formatMoney(row.invoicedAmount),
    cost: formatMoney(row.cost),
    currency: row.currency,
    ...items,
  };
}
