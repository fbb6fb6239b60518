/**
 * The account's demo clock as the test helpers show and move it: GET /v2/test_helpers/clock/ and POST
 * /v2/test_helpers/clock/advance/. An advance moves the offset and, in the same transaction, brings the account's
 * scheduled demo jobs forward by as much (webhook retries; the explicit Payruns' auto-close looks again at once), so
 * that what falls due at the new demo time runs without waiting real time, and wakes the workers to run it. The next
 * request of the account, on any instance, has the new offset (demo-clock.ts). Live is never moved.
 */
import type { AccountScope } from "@/domain/scope";
import type { ServiceContext } from "@/domain/shared/service-context";
import type { Prisma } from "@/generated/prisma/client";
import { at, earlierBy, executeIn, jsonText, notifyChannel, qb, runIn, typed } from "@/db/query-builder";
import { OUTBOX_CHANNEL } from "@/domain/outbox/outbox-claim";
import { DomainError } from "@/domain/errors";
import { DELIVER_WEBHOOK_JOB } from "@/domain/webhooks/webhook-fanout";
import { AUTO_CLOSE_PAYRUNS_JOB } from "@/domain/payruns/payrun-explicit";
import { t } from "@/i18n/locale";
import { clockParts, DEMO_CLOCK_CHANNEL, nextAdvanceHeard } from "@/domain/shared/demo-clock";
import { MAX_OFFSET_SECONDS, type TDemoClock } from "./demo-clock-schemas";

type Ctx = Pick<ServiceContext<AccountScope>, "db" | "scope" | "clock">;

function assertDemo(scope: AccountScope): void {
  if (scope.environment !== "demo") throw new DomainError("forbidden", t("test_helpers_demo_only"));
}

/** `GET /v2/test_helpers/clock/`: the clock the request was given (chosen by `clockFor` at the entry point). */
export function readDemoClock({ scope, clock }: Ctx): TDemoClock {
  assertDemo(scope);
  return { now: clock.now().toISOString(), offset_seconds: clockParts(clock).offsetSeconds };
}

/** The unfinished delivery jobs of the account's demo webhook subscriptions, `seconds` earlier. */
async function bringDeliveriesForward(tx: Prisma.TransactionClient, accountPk: string, seconds: number): Promise<void> {
  const deliveries = qb
    .selectFrom("webhook_delivery as d")
    .innerJoin("webhook_subscription as s", "s.pk", "d.subscription_pk")
    .select("d.pk")
    .where("s.account_pk", "=", typed(accountPk, "uuid"))
    .where("s.environment", "=", typed("demo", "Environment"))
    .where("d.status", "=", "pending");
  await executeIn(
    tx,
    qb
      .updateTable("outbox_job")
      .set((eb) => ({ run_at: earlierBy(eb.ref("run_at"), seconds) }))
      .where("kind", "=", DELIVER_WEBHOOK_JOB)
      .where("completed_at", "is", null)
      .where("failed_at", "is", null)
      .where((eb) => eb(eb.cast(jsonText(eb, "payload", "deliveryPk"), "uuid"), "in", deliveries)),
  );
}

/** The one auto-close job (it serves every account) runs now if it was due later: it closes what the new time makes due. */
async function lookAtExplicitPayrunsNow(tx: Prisma.TransactionClient, now: Date): Promise<void> {
  await executeIn(
    tx,
    qb
      .updateTable("outbox_job")
      .set({ run_at: at(now) })
      .where("kind", "=", AUTO_CLOSE_PAYRUNS_JOB)
      .where("completed_at", "is", null)
      .where("failed_at", "is", null)
      .where("run_at", ">", at(now)),
  );
}

/** `POST /v2/test_helpers/clock/advance/`: the account's demo clock `seconds` forward (1 to 90 days a call). */
export async function advanceDemoClock({ db, scope, clock }: Ctx, seconds: number): Promise<TDemoClock> {
  assertDemo(scope);
  const { base } = clockParts(clock);
  const realNow = base.now();
  const heard = await nextAdvanceHeard(db);
  const offsetSeconds = await db.$transaction(async (tx) => {
    const row = await tx.demoClock.upsert({
      where: { accountPk: scope.accountPk },
      create: { accountPk: scope.accountPk, offsetSeconds: seconds, updatedAt: realNow },
      update: { offsetSeconds: { increment: seconds }, updatedAt: realNow },
      select: { offsetSeconds: true },
    });
    if (row.offsetSeconds > MAX_OFFSET_SECONDS) {
      throw new DomainError("validation", { seconds: [t("demo_clock_too_far", { max: MAX_OFFSET_SECONDS })] });
    }
    await bringDeliveriesForward(tx, scope.accountPk, seconds);
    await lookAtExplicitPayrunsNow(tx, realNow);
    // The workers sleep until the next run time they saw; the jobs brought forward are due sooner: wake them at commit.
    await runIn(tx, notifyChannel(OUTBOX_CHANNEL));
    // Every instance forgets the offsets it remembered as this commits (demo-clock.ts).
    await runIn(tx, notifyChannel(DEMO_CLOCK_CHANNEL));
    return row.offsetSeconds;
  });
  // Answered once this instance has heard it, and so every instance has been sent it.
  await heard();
  return { now: new Date(realNow.getTime() + offsetSeconds * 1000).toISOString(), offset_seconds: offsetSeconds };
}
