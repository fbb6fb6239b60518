/**
 * The review team's queues for the home: how many items wait in each and how old the oldest is, with the same
 * conditions as the queue pages (every account and environment).
 */
import type { Db } from "@/db/database";
import { PENDING_VERIFICATION_WHERE } from "@/domain/employees/employee-app-service";
import { UNPAID_PREPAYMENT_INVOICE_WHERE } from "@/domain/invoices/invoice-payment";
import { UNPAID_PAYRUN_WHERE } from "@/domain/payruns/payrun-payment";
import { REVIEW_STATUS_WHERE } from "@/domain/registrations/review-service";
import type { TOperatorQueues } from "./home-schemas";

const queue = (count: number, oldest: Date | null) => ({ count, oldest: oldest?.toISOString() ?? null });

export async function operatorQueues(db: Db): Promise<TOperatorQueues> {
  const [employees, registrations, payruns, prepayments] = await Promise.all([
    db.employee.aggregate({ where: PENDING_VERIFICATION_WHERE, _count: { _all: true }, _min: { claimedAt: true } }),
    db.registration.aggregate({ where: REVIEW_STATUS_WHERE.pending, _count: { _all: true }, _min: { createdAt: true } }),
    db.payrun.aggregate({ where: UNPAID_PAYRUN_WHERE, _count: { _all: true }, _min: { createdAt: true } }),
    db.invoice.aggregate({ where: UNPAID_PREPAYMENT_INVOICE_WHERE, _count: { _all: true }, _min: { issuedAt: true } }),
  ]);
  return {
    // Each queue page orders by the same column, so its first row is this oldest item.
    employees: queue(employees._count._all, employees._min.claimedAt),
    registrations: queue(registrations._count._all, registrations._min.createdAt),
    payruns: queue(payruns._count._all, payruns._min.createdAt),
    prepayments: queue(prepayments._count._all, prepayments._min.issuedAt),
  };
}
