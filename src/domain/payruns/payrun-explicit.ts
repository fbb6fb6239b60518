/**
 * Explicit Payruns (POST /v2/payruns/, behind the Integration's `payrun_management` setting): created by the
 * client, joined only by Payouts that name them, and closed by the client or by themselves: after 30 days
 * without activity or 90 days after creation (payrun-lifetime.ts). One outbox job does that, re-enqueuing
 * itself while open explicit Payruns remain; an explicit Payrun that never got a Payout is removed instead.
 * Demo Payruns follow their account's demo clock (the job looks at least every 6 hours, and at once on an advance).
 */
import { advisoryXactLock, executeIn } from "@/db/query-builder";
import type { InTx, ServiceContext } from "@/domain/shared/service-context";
import type { Clock } from "@/domain/shared/clock";
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError } from "@/domain/errors";
import { createProformaInvoice } from "@/domain/billing/invoice-issue";
import { scheduleJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { completeOwnJob } from "@/domain/outbox/job-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { withUniqueId } from "@/domain/shared/unique-id";
import { clockParts, dbFor, OffsetClock } from "@/domain/shared/demo-clock";
import { t } from "@/i18n/locale";
import type { IntegrationScope } from "@/domain/scope";
import { closeAndSettle } from "./payrun-close";
import { closeCutoffs, expectedCloseAt } from "./payrun-lifetime";
import { payrunApi } from "./payrun-representation";
import type { TCreatePayrunRequest, TPayrun } from "./payrun-schemas";
import { lockPayruns } from "@/domain/billing/billing-lock";
import { OPEN_PAYRUN_ID, recordPayrunEvent } from "./payrun-service";

export const AUTO_CLOSE_PAYRUNS_JOB = "payrun.auto_close";
/** The job looks again at least this often (a safety net: the next due time is known exactly). */
const MAX_SLEEP_MS = 6 * 3_600_000;
/** A failing run is retried (with the outbox's backoff) far longer than ordinary jobs: it carries the schedule. */
const MAX_ATTEMPTS = 1_000;
const BATCH = 50;

export async function createPayrun({ db, scope, baseUrl, clock }: ServiceContext, input: TCreatePayrunRequest): Promise<TPayrun> {
  if (input.id === OPEN_PAYRUN_ID) throw new DomainError("validation", { id: [t("payrun_id_reserved")] });
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const integration = await tx.integration.findUniqueOrThrow({ where: { pk: scope.integrationPk }, select: { payrunManagement: true, currency: true } });
      if (!integration.payrunManagement) throw new DomainError("forbidden", t("payrun_management_disabled"));
      const currency = input.currency ?? integration.currency;
      const now = clock.now();
      await lockPayruns(tx, scope.integrationPk, currency);
      const row = await tx.payrun.create({
        data: {
          id: input.id ?? crypto.randomUUID(),
          integrationPk: scope.integrationPk,
          currency,
          manuallyManaged: true,
          name: input.name ?? null,
          description: input.description ?? "",
          invoiceMarking: input.invoice_marking ?? null,
          metadata: input.metadata ?? {},
          // The clock's time, not the database's: a demo Payrun's 30 days run on its account's demo clock.
          createdAt: now,
          lastActivityAt: now,
        },
        select: { pk: true },
      });
      await createProformaInvoice(tx, { pk: row.pk, integrationPk: scope.integrationPk, currency });
      await recordPayrunEvent(tx, "Payrun.created", scope, row.pk, baseUrl, now);
      // The job runs on the real time (a demo Payrun's demo clock is the job's to apply).
      await ensureAutoCloseJob(tx, clockParts(clock).base);
      return payrunApi(tx, row.pk, baseUrl);
    }),
  );
}

/**
 * Makes sure one auto-close job is pending (at most one: the check and the insert are serialised by a
 * transaction lock), due when the earliest open explicit Payrun is. Nothing when none is open.
 */
async function ensureAutoCloseJob(tx: Prisma.TransactionClient, clock: Clock): Promise<void> {
  await executeIn(tx, advisoryXactLock(AUTO_CLOSE_PAYRUNS_JOB));
  const pending = await tx.outboxJob.findFirst({ where: { kind: AUTO_CLOSE_PAYRUNS_JOB, completedAt: null, failedAt: null }, select: { pk: true } });
  if (pending) return;
  const earliest = await tx.payrun.aggregate({ where: { manuallyManaged: true, open: true }, _min: { lastActivityAt: true, createdAt: true } });
  const { lastActivityAt, createdAt } = earliest._min;
  if (!lastActivityAt || !createdAt) return;
  const now = clock.now();
  const due = expectedCloseAt({ manuallyManaged: true, open: true, lastActivityAt, createdAt }) ?? now;
  const runAt = new Date(Math.min(due.getTime(), now.getTime() + MAX_SLEEP_MS));
  await scheduleJob(tx, { kind: AUTO_CLOSE_PAYRUNS_JOB, payload: {}, runAt, maxAttempts: MAX_ATTEMPTS });
}

/** Closes (or, never used, removes) one explicit Payrun if it is still due once locked. */
async function closeIfDue(db: Db, payrun: { pk: string; integrationPk: string; currency: string }, ctx: InTx): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockPayruns(tx, payrun.integrationPk, payrun.currency);
    const current = await tx.payrun.findUnique({
      where: { pk: payrun.pk },
      select: { open: true, createdAt: true, lastActivityAt: true, _count: { select: { payouts: true } } },
    });
    if (!current?.open) return;
    const { inactiveBefore, createdBefore } = closeCutoffs(ctx.clock.now());
    if (current.lastActivityAt > inactiveBefore && current.createdAt > createdBefore) return;
    if (current._count.payouts === 0) await tx.payrun.delete({ where: { pk: payrun.pk } });
    else await closeAndSettle(tx, payrun.pk, ctx);
  });
}

/** Every explicit Payrun of `where` due at `clock`'s time, one transaction each. */
async function closeDueAt(ctx: JobContext, clock: Clock, where: Prisma.PayrunWhereInput): Promise<void> {
  const { inactiveBefore, createdBefore } = closeCutoffs(clock.now());
  // The job's public origin is its `publicUrl`.
  const settling: InTx = { baseUrl: ctx.publicUrl, clock };
  for (;;) {
    const due = await ctx.db.payrun.findMany({
      where: { ...where, manuallyManaged: true, open: true, OR: [{ lastActivityAt: { lte: inactiveBefore } }, { createdAt: { lte: createdBefore } }] },
      select: { pk: true, integrationPk: true, currency: true },
      orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
      take: BATCH,
    });
    // Closed, and their Invoices issued, with the rows' timestamps at `clock`'s time (a demo clock's for demo Payruns).
    for (const payrun of due) await closeIfDue(dbFor(ctx.db, clock), payrun, settling);
    if (due.length < BATCH) break;
  }
}

/**
 * The job: every due explicit Payrun; then the next run is scheduled with the completion. Live Payruns, and demo ones
 * of accounts whose demo clock never moved, are due at the job's time; the demo Payruns of an account whose demo clock
 * was advanced at that clock's time (an advance also runs this job at once).
 */
export async function autoClosePayruns(job: ClaimedJob, ctx: JobContext): Promise<void> {
  const moved = await ctx.db.demoClock.findMany({ where: { offsetSeconds: { gt: 0 } }, select: { accountPk: true, offsetSeconds: true } });
  const movedDemo = (accountPks: string[]): Prisma.PayrunWhereInput => ({ integration: { environment: "demo", accountPk: { in: accountPks } } });
  await closeDueAt(ctx, ctx.clock, moved.length ? { NOT: movedDemo(moved.map((m) => m.accountPk)) } : {});
  for (const m of moved) await closeDueAt(ctx, new OffsetClock(ctx.clock, m.offsetSeconds), movedDemo([m.accountPk]));
  await ctx.db.$transaction(async (tx) => {
    await completeOwnJob(tx, job, ctx.clock);
    await ensureAutoCloseJob(tx, ctx.clock);
  });
}

/**
 * The Payrun a new Payout names (`payrun` in its body), read under the caller's lock of the Payout's
 * currency: it must exist, be open and be in the Payout's currency, and the Integration must have
 * payrun_management. `open` (or nothing) means the open automatic Payrun: null. Errors are field errors.
 */
export async function namedPayrun(
  tx: Prisma.TransactionClient,
  scope: IntegrationScope,
  id: string | undefined,
  currency: string,
): Promise<{ pk: string } | { error: string } | null> {
  if (id === undefined) return null;
  const { payrunManagement } = await tx.integration.findUniqueOrThrow({ where: { pk: scope.integrationPk }, select: { payrunManagement: true } });
  if (!payrunManagement) return { error: t("payout_payrun_management_disabled") };
  if (id === OPEN_PAYRUN_ID) return null;
  const row = await tx.payrun.findFirst({ where: { id, integrationPk: scope.integrationPk }, select: { pk: true, currency: true, open: true } });
  if (!row) return { error: t("object_does_not_exist", { id }) };
  if (row.currency !== currency) return { error: t("payout_payrun_currency", { id, currency: row.currency, payout_currency: currency }) };
  if (!row.open) return { error: t("payout_payrun_not_open", { id }) };
  return { pk: row.pk };
}
