/**
 * Notifying the Payouts of a paid Payrun (payruns/payrun-payment.ts queues the job): in batches, each batch
 * one transaction, each Payout notified once (notified_at, Payout.notified, its email job).
 */
import { clockFor, dbFor } from "@/domain/shared/demo-clock";
import { z } from "zod";
import type { InTx } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { recordEvent } from "@/domain/events/event-service";
import { completeOwnJob } from "@/domain/outbox/job-email";
import type { JobContext } from "@/domain/outbox/job-handlers";
import { enqueueJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { EMAIL_PAYOUT_JOB } from "./payout-notification";
import { payoutSelect, toPayoutApi } from "./payout-representation";

const NOTIFY_BATCH = 50;

const ZNotifyPayload = z.object({ payrunPk: z.string(), baseUrl: z.string() });

/** Sets notified_at once (the conditional update is the check), records Payout.notified and schedules the email. */
export async function notifyPayout(tx: Prisma.TransactionClient, pk: string, { baseUrl, clock }: InTx): Promise<void> {
  const now = clock.now();
  const { count } = await tx.payout.updateMany({ where: { pk, notifiedAt: null }, data: { notifiedAt: now } });
  if (count === 0) return;
  const row = await tx.payout.findUniqueOrThrow({
    where: { pk },
    select: { ...payoutSelect, integration: { select: { pk: true, accountPk: true, environment: true } } },
  });
  await recordEvent(
    tx,
    {
      name: "Payout.notified",
      accountPk: row.integration.accountPk,
      environment: row.integration.environment,
      integrationPk: row.integration.pk,
      objectPk: pk,
      data: toPayoutApi(row),
    },
    now,
  );
  await enqueueJob(tx, { kind: EMAIL_PAYOUT_JOB, payload: { payoutPk: pk, baseUrl }, runAt: now });
}

/** The job: batches of Payouts, each batch one transaction; the last one completes the job. */
export async function notifyPayrunPayouts(job: ClaimedJob, ctx: JobContext): Promise<void> {
  // The origin the paying request had (its payload), the job's time.
  const { payrunPk, baseUrl } = ZNotifyPayload.parse(job.payload);
  // Notified at the Payrun's account's time: its demo clock for a demo Payrun.
  const owner = await ctx.db.payrun.findUnique({ where: { pk: payrunPk }, select: { integration: { select: { accountPk: true, environment: true } } } });
  const clock = owner ? await clockFor(ctx.db, ctx.clock, owner.integration.accountPk, owner.integration.environment) : ctx.clock;
  const notifying: InTx = { baseUrl, clock };
  for (;;) {
    const finished = await dbFor(ctx.db, clock).$transaction(async (tx) => {
      const batch = await tx.payout.findMany({
        where: { payrunPk, notifiedAt: null, canceledAt: null },
        select: { pk: true },
        orderBy: [{ createdAt: "asc" }, { pk: "asc" }],
        take: NOTIFY_BATCH,
      });
      for (const { pk } of batch) await notifyPayout(tx, pk, notifying);
      if (batch.length === NOTIFY_BATCH) return false;
      await completeOwnJob(tx, job, ctx.clock);
      return true;
    });
    if (finished) return;
  }
}
