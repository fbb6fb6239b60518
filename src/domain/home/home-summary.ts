/**
 * The dashboard home's figures for one Integration, each read from the rule or the query the resource's own
 * list or retrieve uses, so that the home always agrees with what the API reports: the open Payrun is
 * GET /v2/payruns/open/ itself, invoices are the list's `status=invoice`, Employees the status rules.
 */
import { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { INVOICE_STATUS_WHERE } from "@/domain/invoices/invoice-service";
import { getPayrun, OPEN_PAYRUN_ID } from "@/domain/payruns/payrun-service";
import { formatMoney } from "@/domain/pricing/pricing";
import type { ServiceContext } from "@/domain/shared/service-context";
import { EMPLOYEE_STATUS_RULES, statusCondition, type EmployeeFact, type EmployeeStatus } from "@/domain/status/status-rules";
import { failingWebhookCount } from "@/domain/webhooks/webhook-service";
import type { THomeSummary } from "./home-schemas";

/** How many weeks the Payouts chart covers, this one included. */
export const CHART_WEEKS = 12;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: Date): Date {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(midnight - sinceMonday * DAY_MS);
}

/** The same facts the representation reads, as Prisma conditions. */
const EMPLOYEE_FACT_WHERE: Record<EmployeeFact, (value: boolean) => Prisma.EmployeeWhereInput> = {
  verified: (v) => ({ verifiedAt: v ? { not: null } : null }),
  claimed: (v) => ({ claimedAt: v ? { not: null } : null }),
  notified: (v) => ({ notifiedAt: v ? { not: null } : null }),
  has_email: (v) => ({ email: v ? { not: null } : null }),
};

function employeeStatusWhere(status: EmployeeStatus): Prisma.EmployeeWhereInput {
  return statusCondition(EMPLOYEE_STATUS_RULES, status, {
    fact: (name, value) => EMPLOYEE_FACT_WHERE[name](value),
    and: (ws) => ({ AND: ws }),
    not: (w) => ({ NOT: w }),
  });
}

/** GET /v2/payruns/open/ as the home shows it, or null when no automatic Payrun is open. */
async function openPayrun(ctx: ServiceContext): Promise<THomeSummary["openPayrun"]> {
  try {
    const payrun = await getPayrun(ctx, OPEN_PAYRUN_ID);
    return { id: payrun.id, name: payrun.name, currency: payrun.currency, price: payrun.price, payoutCount: payrun.payout_count };
  } catch (e) {
    if (e instanceof DomainError && e.code === "not_found") return null;
    throw e;
  }
}

async function amountDue({ db, scope }: ServiceContext, today: Date) {
  const unpaid: Prisma.InvoiceWhereInput = { integrationPk: scope.integrationPk, ...INVOICE_STATUS_WHERE.invoice };
  const [sums, next, due, overdue] = await Promise.all([
    db.invoice.groupBy({ by: ["currency"], where: unpaid, _sum: { total: true, amountPaid: true }, orderBy: { currency: "asc" } }),
    db.invoice.aggregate({ where: unpaid, _min: { dueDate: true } }),
    db.invoice.count({ where: { ...unpaid, dueDate: { gte: today } } }),
    db.invoice.count({ where: { ...unpaid, dueDate: { lt: today } } }),
  ]);
  const zero = new Prisma.Decimal(0);
  return {
    amountDue: {
      // amount_due of each Invoice is total - amount_paid; summed per currency the same way.
      totals: sums.map((s) => ({ currency: s.currency, amount: formatMoney((s._sum.total ?? zero).minus(s._sum.amountPaid ?? zero)) })),
      nextDueDate: next._min.dueDate ? next._min.dueDate.toISOString().slice(0, 10) : null,
    },
    invoices: { due, overdue },
  };
}

async function payoutsPerWeek({ db, scope, clock }: ServiceContext): Promise<THomeSummary["payoutsPerWeek"]> {
  const thisWeek = weekStart(clock.now()).getTime();
  const starts = Array.from({ length: CHART_WEEKS }, (_, i) => new Date(thisWeek - (CHART_WEEKS - 1 - i) * WEEK_MS));
  // One count per week over the (integration_pk, created_at) index: twelve small range scans.
  const counts = await Promise.all(
    starts.map((start) =>
      db.payout.count({ where: { integrationPk: scope.integrationPk, createdAt: { gte: start, lt: new Date(start.getTime() + WEEK_MS) } } }),
    ),
  );
  return starts.map((start, i) => ({ weekStart: start.toISOString().slice(0, 10), count: counts[i] }));
}

export async function homeSummary(ctx: ServiceContext): Promise<THomeSummary> {
  const { db, scope, clock } = ctx;
  const now = clock.now();
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const employees = (status: EmployeeStatus) => db.employee.count({ where: { integrationPk: scope.integrationPk, ...employeeStatusWhere(status) } });
  const [open, billing, weeks, invited, onboarding, active, failingWebhooks] = await Promise.all([
    openPayrun(ctx),
    amountDue(ctx, today),
    payoutsPerWeek(ctx),
    employees("invited"),
    employees("onboarding"),
    employees("active"),
    failingWebhookCount(db, scope),
  ]);
  return { ...billing, openPayrun: open, payoutsPerWeek: weeks, employees: { invited, onboarding, active }, failingWebhooks };
}
