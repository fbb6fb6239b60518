/**
 * GET /v2/payment_term/: the terms Payroute bills an Integration on, read from the rules it applies. Invoices fall
 * due `payment_term_days` after issue (billing/invoice-issue.ts). Payruns are not batched by time: an automatic
 * Payrun takes Payouts until it is closed; an explicit one also closes by itself (payruns/payrun-lifetime.ts), which
 * is a time limit, not a batching period. No credit is given: a Payrun's Payouts are notified only once it is paid
 * (or paid from Prepayments), so the credit limit is 0 and the credit used is what was notified before payment.
 */
import { Prisma } from "@/generated/prisma/client";
import type { ScopedDb } from "@/domain/shared/service-context";
import { formatMoney } from "@/domain/pricing/pricing";
import type { TPaymentTerm } from "./payment-term-schemas";

const NO_CREDIT = new Prisma.Decimal(0);

export async function getPaymentTerm({ db, scope }: ScopedDb): Promise<TPaymentTerm> {
  const where = { integrationPk: scope.integrationPk };
  const [integration, payruns, used] = await Promise.all([
    db.integration.findUniqueOrThrow({ where: { pk: scope.integrationPk }, select: { paymentTermDays: true, currency: true } }),
    db.payrun.findMany({ where, distinct: ["currency"], select: { currency: true } }),
    db.payout.groupBy({
      by: ["currency"],
      where: { ...where, notifiedAt: { not: null }, canceledAt: null, payrun: { paidAt: null } },
      _sum: { cost: true },
    }),
  ]);
  const currencies = [...new Set([integration.currency, ...payruns.map((p) => p.currency)])].sort();
  const usedBy = new Map(used.map((u) => [u.currency, u._sum.cost ?? NO_CREDIT]));
  return {
    batching_duration: 0,
    due_days: integration.paymentTermDays,
    batching_interval: null,
    credit_terms: currencies.map((currency) => ({
      currency,
      credit_limit: formatMoney(NO_CREDIT),
      credit_used: formatMoney(usedBy.get(currency) ?? NO_CREDIT),
    })),
  };
}
