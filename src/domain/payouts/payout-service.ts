/**
 * Payouts: what an Integration pays an Employee. Immutable once created (creation: payout-create.ts), apart
 * from deletion while their Payrun is unpaid and resending the notification.
 */
import type { ScopedDb, ServiceContext } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, notFound, orNotFound } from "@/domain/errors";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { countedPage, pageWindow, type TPageQuery } from "@/domain/shared/pagination";
import { lockFound } from "@/domain/shared/row-lock";
import { nullableTimestampWhere, timestampWhere } from "@/domain/shared/timestamp-filters";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { PAYOUT_STATUS_RULES, statusCondition, type PayoutFact, type PayoutStatus } from "@/domain/status/status-rules";
import { EMAIL_PAYOUT_JOB } from "./payout-notification";
import { ownerPage, type PayoutOwner } from "./payout-list-page";
import { payoutSelect, type PayoutRow } from "./payout-representation";

export const PAYOUT_RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;

const scoped = (scope: IntegrationScope, id: string): Prisma.PayoutWhereInput => ({ id, integrationPk: scope.integrationPk });

/** What the list, the totals and GET /v2/pricing/ filter Payouts by. */
export interface PayoutMatch {
  employee?: string;
  payrun?: string;
  invoice?: string;
  search?: string;
  latest_status?: PayoutStatus;
  [timestampFilter: string]: unknown;
}

const isNull = (v: boolean) => (v ? { not: null } : null);

/** A Payout fact of the status rules (src/domain/status) as a condition on the Payout row. */
const PAYOUT_FACT_WHERE: Record<PayoutFact, (v: boolean) => Prisma.PayoutWhereInput> = {
  accepted: (v) => ({ acceptedAt: isNull(v) }),
  notified: (v) => ({ notifiedAt: isNull(v) }),
  employee_verified: (v) => ({ employee: { verifiedAt: isNull(v) } }),
  employee_claimed: (v) => ({ employee: { claimedAt: isNull(v) } }),
  funded: (v) => (v ? { OR: [{ payrun: { paidAt: { not: null } } }, { notifiedAt: { not: null } }] } : { payrun: { paidAt: null }, notifiedAt: null }),
  payrun_open: (v) => ({ payrun: { open: v } }),
};

/** The Payouts in `status`, by its rule. */
export function payoutStatusWhere(status: PayoutStatus): Prisma.PayoutWhereInput {
  return statusCondition<PayoutStatus, PayoutFact, Prisma.PayoutWhereInput>(PAYOUT_STATUS_RULES, status, {
    fact: (name, value) => PAYOUT_FACT_WHERE[name](value),
    and: (ws) => ({ AND: ws }),
    not: (w) => ({ NOT: w }),
  });
}

/** Filters shared by GET /v2/payouts/ and GET /v2/pricing/. */
export interface PayoutFilters extends PayoutMatch, TPageQuery {}

/** The Payouts of the scope's Integration that match the list filters. */
export function payoutWhere(scope: IntegrationScope, q: PayoutMatch): Prisma.PayoutWhereInput {
  const text = q.search ? { contains: q.search, mode: "insensitive" as const } : undefined;
  const payrun = q.payrun ?? q.invoice;
  return {
    integrationPk: scope.integrationPk,
    employee: q.employee !== undefined ? { id: q.employee, integrationPk: scope.integrationPk } : undefined,
    payrun: payrun !== undefined ? { id: payrun, integrationPk: scope.integrationPk } : undefined,
    createdAt: timestampWhere(q, "created_at"),
    notifiedAt: nullableTimestampWhere(q, "notified_at"),
    acceptedAt: nullableTimestampWhere(q, "accepted_at"),
    canceledAt: nullableTimestampWhere(q, "canceled_at"),
    startAt: nullableTimestampWhere(q, "start_at"),
    endAt: nullableTimestampWhere(q, "end_at"),
    AND: q.latest_status ? [payoutStatusWhere(q.latest_status)] : undefined,
    OR: text ? [{ description: text }, { employee: { name: text } }, { employee: { email: text } }, { employee: { cellphoneNumber: text } }] : undefined,
  };
}

/**
 * The Payrun and Employee a list names, as their pks (null when one of them is not the Integration's). As a
 * relation filter (a join) PostgreSQL plans the page as a walk of the Integration's Payouts newest first until a
 * page of the Payrun's turns up, which reads every newer Payout: a second at 500,000 Payouts (the scale bench,
 * docs/performance.md). On the pk, the (payrun_pk, created_at DESC, pk) index (migration 0036) reads the page in order.
 */
async function relationPks({ db, scope }: ScopedDb, q: PayoutMatch): Promise<{ payrunPk?: string; employeePk?: string } | null> {
  const payrunId = q.payrun ?? q.invoice;
  const [payrun, employee] = await Promise.all([
    payrunId === undefined
      ? undefined
      : db.payrun.findUnique({ where: { integrationPk_id: { integrationPk: scope.integrationPk, id: payrunId } }, select: { pk: true } }),
    q.employee === undefined
      ? undefined
      : db.employee.findUnique({ where: { integrationPk_id: { integrationPk: scope.integrationPk, id: q.employee } }, select: { pk: true } }),
  ]);
  if (payrun === null || employee === null) return null;
  return { payrunPk: payrun?.pk, employeePk: employee?.pk };
}

/** What a list query holds besides its filters. */
const NOT_FILTERS = new Set(["page", "page_size", "expand"]);
const OWNERS = new Set(["payrun", "invoice", "employee"]);

/** The id of the one Payrun or Employee a list is filtered by, when it has no other filter (the frequent shape, payout-list-page.ts). */
function onlyOwner(q: PayoutFilters): [PayoutOwner, string] | null {
  const others = Object.entries(q).some(([key, value]) => value !== undefined && !NOT_FILTERS.has(key) && !OWNERS.has(key));
  const payrun = q.payrun ?? q.invoice;
  if (others) return null;
  if (payrun !== undefined && q.employee === undefined) return ["payrun_pk", payrun];
  if (q.employee !== undefined && payrun === undefined) return ["employee_pk", q.employee];
  return null;
}

export async function listPayouts({ db, scope }: ScopedDb, q: PayoutFilters): Promise<{ count: number; rows: PayoutRow[] }> {
  const owner = onlyOwner(q);
  if (owner) return ownerPage({ db, scope }, owner[0], owner[1], q);
  const relations = await relationPks({ db, scope }, q);
  if (relations === null) return { count: 0, rows: [] };
  const where = { ...payoutWhere(scope, { ...q, payrun: undefined, invoice: undefined, employee: undefined }), ...relations };
  // A Payrun or Employee found in the Integration scopes the list by itself. Left beside it, the Integration's
  // condition lets PostgreSQL walk the Integration's (integration_pk, created_at) index newest first instead
  // (correlated with the table's order, it looks as cheap), reading every newer Payout before an old Payrun's page.
  if (relations.payrunPk !== undefined || relations.employeePk !== undefined) delete where.integrationPk;
  return countedPage(
    db.payout.count({ where }),
    db.payout.findMany({ where, select: payoutSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getPayout({ db, scope }: ScopedDb, id: string): Promise<PayoutRow> {
  return orNotFound(db.payout.findFirst({ where: scoped(scope, id), select: payoutSelect }));
}

/**
 * DELETE of a Payout, by its Payrun's state:
 * - open (and the Payout not notified): the Payout is deleted (then 404);
 * - invoiced (closed, unpaid: its issued Invoice lists it): the Payout is cancelled, canceled_at set; it stays
 *   readable, is never notified nor accepted, and a second DELETE is a 409;
 * - paid, or the Payout notified at once (prepaid money: the Employee may have accepted it): refused (409).
 * The Payrun lock keeps a concurrent close or payment from slipping in.
 */
export async function deletePayout({ db, scope, clock }: Pick<ServiceContext, "db" | "scope" | "clock">, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.payout.findFirst({ where: scoped(scope, id), select: { pk: true, currency: true, payrunPk: true } });
    if (!found) throw notFound();
    await lockPayruns(tx, scope.integrationPk, found.currency);
    await lockFound(tx, "payout", found, id);
    const payrun = await tx.payrun.findUniqueOrThrow({ where: { pk: found.payrunPk }, select: { paidAt: true, open: true } });
    if (payrun.paidAt) throw new DomainError("conflict", t("payout_payrun_paid"));
    const { notifiedAt, canceledAt } = await tx.payout.findUniqueOrThrow({ where: { pk: found.pk }, select: { notifiedAt: true, canceledAt: true } });
    if (canceledAt) throw new DomainError("conflict", t("payout_canceled"));
    if (notifiedAt) throw new DomainError("conflict", t("payout_notified_locked"));
    if (payrun.open) await tx.payout.delete({ where: { pk: found.pk } });
    else await tx.payout.update({ where: { pk: found.pk }, data: { canceledAt: clock.now() } });
  });
}

/** Emails the Employee about a notified Payout again; resends are at least 24 hours apart (429 with Retry-After). */
export async function resendPayoutNotification({ db, scope, clock, baseUrl }: ServiceContext, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const current = await tx.payout.findFirst({ where: scoped(scope, id), select: { pk: true, notifiedAt: true, resentAt: true } });
    if (!current) throw notFound();
    if (!current.notifiedAt) throw new DomainError("conflict", t("payout_not_notified"));
    const now = clock.now();
    const allowedAt = current.resentAt ? new Date(current.resentAt.getTime() + PAYOUT_RESEND_INTERVAL_MS) : now;
    // The conditional update also stops two concurrent resends from both passing the check.
    const { count } =
      allowedAt <= now ? await tx.payout.updateMany({ where: { pk: current.pk, resentAt: current.resentAt }, data: { resentAt: now } }) : { count: 0 };
    if (count === 0) {
      const wait = Math.max(1, Math.ceil((allowedAt.getTime() - now.getTime()) / 1000));
      throw new DomainError("throttled", t("payout_resend_too_soon", { at: allowedAt.toISOString() }), { "Retry-After": String(wait) });
    }
    await enqueueJob(tx, { kind: EMAIL_PAYOUT_JOB, payload: { payoutPk: current.pk, baseUrl }, runAt: now });
  });
}
