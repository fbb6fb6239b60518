/**
 * The worker's side of the outbox in batches, and all of its statements in one place: one statement claims
 * up to N due jobs (FOR UPDATE SKIP LOCKED, a lease, at most one unfinished job per ordering key, the
 * earliest), one statement completes a batch, and workers LISTEN on channel `outbox_job`, which a trigger on
 * outbox_job notifies when a transaction that added jobs commits (migration 0014). They go to the driver
 * directly (`fastSql`): a worker at full speed runs them hundreds of times a second.
 */
import type { Db } from "@/db/database";
import type { Clock } from "@/domain/shared/clock";
import { fastSql } from "@/db/fast-sql";
import { at, qb, runQuery, typed } from "@/db/query-builder";
import { rowsOf } from "@/db/row-sets";
import type { Prisma } from "@/generated/prisma/client";
import type { ClaimedJob } from "./outbox-service";

/** The channel of the notify trigger. */
export const OUTBOX_CHANNEL = "outbox_job";

/** Unfinished: neither completed nor failed. */
const unfinished = <T extends "j" | "e">(t: T) => [`${t}.completed_at`, `${t}.failed_at`] as const;

/**
 * Claims up to `limit` due jobs for `workerId`, earliest first. A job is due when its run time has come,
 * nobody holds a live lease on it, and no earlier unfinished job has its ordering key: so a batch holds at
 * most one job per key, and the key's next job becomes due only once this one is finished.
 */
export async function claimBatch(
  db: Db,
  workerId: string,
  limit: number,
  opts: { leaseSeconds: number; clock: Clock; kinds?: readonly string[]; running?: readonly string[] },
): Promise<ClaimedJob[]> {
  const now = opts.clock.now();
  const kinds = opts.kinds?.length ? [...opts.kinds] : null;
  // The jobs this worker is still running: their lease may have run out, but another worker takes them over, not this one.
  const running = [...(opts.running ?? [])];
  const [jc, jf] = unfinished("j");
  const [ec, ef] = unfinished("e");
  const due = qb
    .selectFrom("outbox_job as j")
    .select("j.pk")
    .where(jc, "is", null)
    .where(jf, "is", null)
    .where("j.run_at", "<=", at(now))
    .where((eb) => eb.or([eb("j.locked_until", "is", null), eb("j.locked_until", "<", at(now))]))
    .$if(kinds !== null, (q) => q.where((eb) => eb("j.kind", "=", eb.fn.any(typed(kinds ?? [], "text[]")))))
    .$if(running.length > 0, (q) => q.where((eb) => eb.not(eb("j.pk", "=", eb.fn.any(typed(running, "uuid[]"))))))
    .where((eb) =>
      eb.or([
        eb("j.ordering_key", "is", null),
        eb.not(
          eb.exists(
            eb
              .selectFrom("outbox_job as e")
              .select((eb) => eb.lit(1).as("one"))
              .whereRef("e.ordering_key", "=", "j.ordering_key")
              .whereRef("e.seq", "<", "j.seq")
              .where(ec, "is", null)
              .where(ef, "is", null),
          ),
        ),
      ]),
    )
    .orderBy("j.run_at")
    .orderBy("j.seq")
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const rows = await runQuery(
    fastSql(db),
    qb
      .updateTable("outbox_job")
      .set((eb) => ({
        locked_until: at(new Date(now.getTime() + opts.leaseSeconds * 1000)),
        locked_by: typed(workerId, "text"),
        attempts: eb("attempts", "+", 1),
      }))
      .where("pk", "in", due)
      .returning((eb) => [
        eb.cast<string>("pk", "text").as("pk"),
        "kind",
        eb.ref("payload").$castTo<Prisma.JsonValue>().as("payload"),
        "attempts",
        "max_attempts",
        "run_at",
      ]),
  );
  return rows.map((r) => ({
    pk: r.pk,
    kind: r.kind,
    payload: r.payload,
    attempts: r.attempts,
    maxAttempts: r.max_attempts,
    lockedBy: workerId,
    runAt: new Date(r.run_at),
  }));
}

/**
 * Marks `jobs` done (a query to run in the transaction of their effects, or to be a CTE of its statement).
 * It returns the pks that were still this worker's: a job whose lease ran out and that another worker took
 * over is not among them, and its effects must be left out (the other worker makes them). `now`: the clock's time.
 */
export function completeJobsQuery(jobs: readonly ClaimedJob[], now: Date) {
  return qb
    .updateTable("outbox_job as j")
    .from(rowsOf("mine", { pk: [jobs.map((j) => j.pk), "uuid"], locked_by: [jobs.map((j) => j.lockedBy), "text"] }))
    .set({ completed_at: at(now), locked_until: null, last_error: null })
    .whereRef("j.pk", "=", "mine.pk")
    .whereRef("j.locked_by", "=", "mine.locked_by")
    .where("j.completed_at", "is", null)
    .returning((eb) => eb.cast<string>("j.pk", "text").as("pk"));
}

/**
 * When the next unfinished job becomes due (its run time, or the end of its lease), or null when none waits:
 * an idle worker sleeps until then (retries, expired leases), since notifications come only for new jobs.
 */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await runQuery(
    fastSql(db),
    qb
      .selectFrom("outbox_job")
      .select((eb) => eb.fn.min<Date | null>(eb.fn("greatest", ["run_at", eb.fn.coalesce("locked_until", "run_at")])).as("at"))
      .where("completed_at", "is", null)
      .where("failed_at", "is", null),
  );
  return row?.at ?? null;
}
