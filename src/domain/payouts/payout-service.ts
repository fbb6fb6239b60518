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
import { EMAIL_PAYOUT_JOB } from "./payout-notification";
import { payoutSelect, type PayoutRow } from "./payout-representation";

export const PAYOUT_RESEND_INTERVAL_MS = 24 * 60 * 60 * 1000;

const scoped = (scope: IntegrationScope, id: string): Prisma.PayoutWhereInput => ({ id, integrationPk: scope.integrationPk });

/** What the list, the totals and GET /v2/pricing/ filter Payouts by. */
export interface PayoutMatch {
  employee?: string;
  payrun?: string;
  invoice?: string;
  search?: string;
  [timestampFilter: string]: unknown;
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
    OR: text ? [{ description: text }, { employee: { name: text } }, { employee: { email: text } }, { employee: { cellphoneNumber: text } }] : undefined,
  };
}

export async function listPayouts({ db, scope }: ScopedDb, q: PayoutFilters): Promise<{ count: number; rows: PayoutRow[] }> {
  const where = payoutWhere(scope, q);
  return countedPage(
    db.payout.count({ where }),
    db.payout.findMany({ where, select: payoutSelect, orderBy: [{ createdAt: "desc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

export async function getPayout({ db, scope }: ScopedDb, id: string): Promise<PayoutRow> {
  return orNotFound(db.payout.findFirst({ where: scoped(scope, id), select: payoutSelect }));
}

/**
 * Refused (409) once the Payout's Payrun is paid, or invoiced (closed: its Invoice lists the Payout), or the
 * Payout was notified (prepaid); the
 * Payrun lock keeps a concurrent close or payment from slipping in.
 */
export async function deletePayout({ db, scope }: ScopedDb, id: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const found = await tx.payout.findFirst({ where: scoped(scope, id), select: { pk: true, currency: true, payrunPk: true } });
    if (!found) throw notFound();
    await lockPayruns(tx, scope.integrationPk, found.currency);
    await lockFound(tx, "payout", found, id);
    const payrun = await tx.payrun.findUniqueOrThrow({ where: { pk: found.payrunPk }, select: { paidAt: true, open: true } });
    if (payrun.paidAt) throw new DomainError("conflict", t("payout_payrun_paid"));
    if (!payrun.open) throw new DomainError("conflict", t("payout_payrun_invoiced"));
    // Notified at once (covered by prepaid money): the Employee may already have accepted it.
    const { notifiedAt } = await tx.payout.findUniqueOrThrow({ where: { pk: found.pk }, select: { notifiedAt: true } });
    if (notifiedAt) throw new DomainError("conflict", t("payout_notified_locked"));
    await tx.payout.delete({ where: { pk: found.pk } });
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
