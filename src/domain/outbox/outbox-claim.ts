/**
 * The worker's side of the outbox in batches, and all of its SQL in one place: one statement claims up to N
 * due jobs (FOR UPDATE SKIP LOCKED, a lease, at most one unfinished job per ordering key, the earliest), one
 * statement completes a batch, and workers LISTEN on channel `outbox_job`, which a trigger on outbox_job
 * notifies when a transaction that added jobs commits (migration 0014).
 */
import { env } from "@/config/env";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import type { ClaimedJob } from "./outbox-service";

/**
 * The transactions of a batch's effects: they wait longer for a pooled connection than Prisma's default 2 s
 * (the worker's batches share the pool), and a hundred jobs' statements get more than 5 s on a busy machine.
 */
export const BATCH_TRANSACTION = { maxWait: 10_000, timeout: 30_000 } as const;

/** The channel of the notify trigger. */
export const OUTBOX_CHANNEL = "outbox_job";
export const LISTEN_SQL = `LISTEN ${OUTBOX_CHANNEL}`;

/**
 * Claims up to `limit` due jobs for `workerId`, earliest first. A job is due when its run time has come,
 * nobody holds a live lease on it, and no earlier unfinished job has its ordering key: so a batch holds at
 * most one job per key, and the key's next job becomes due only once this one is finished.
 */
export async function claimBatch(db: Db, workerId: string, limit: number, opts: { kinds?: readonly string[]; running?: readonly string[] } = {}): Promise<ClaimedJob[]> {
  const kindFilter = opts.kinds?.length ? [...opts.kinds] : null;
  // The jobs this worker is still running: their lease may have run out, but another worker takes them over, not this one.
  const running = [...(opts.running ?? [])];
  const rows = await db.$queryRaw<{ pk: string; kind: string; payload: Prisma.JsonValue; attempts: number; max_attempts: number }[]>`
    UPDATE outbox_job SET locked_until = now() + make_interval(secs => ${env().OUTBOX_LEASE_SECONDS}), locked_by = ${workerId}, attempts = attempts + 1
    WHERE pk IN (
      SELECT j.pk FROM outbox_job j
      WHERE j.completed_at IS NULL AND j.failed_at IS NULL AND j.run_at <= now()
        AND (j.locked_until IS NULL OR j.locked_until < now())
        AND (${kindFilter}::text[] IS NULL OR j.kind = ANY(${kindFilter}::text[]))
        AND j.pk <> ALL(${running}::uuid[])
        AND (j.ordering_key IS NULL OR NOT EXISTS (
          SELECT 1 FROM outbox_job e
          WHERE e.ordering_key = j.ordering_key AND e.seq < j.seq AND e.completed_at IS NULL AND e.failed_at IS NULL))
      ORDER BY j.run_at, j.seq
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING pk::text, kind, payload, attempts, max_attempts`;
  return rows.map((r) => ({ pk: r.pk, kind: r.kind, payload: r.payload, attempts: r.attempts, maxAttempts: r.max_attempts, lockedBy: workerId }));
}

/**
 * Marks `jobs` done in one statement, inside the transaction of their effects. Returns the pks that were
 * still this worker's: a job whose lease ran out and that another worker took over is not among them, and
 * the caller must leave out its effects (the other worker makes them).
 */
export async function completeJobs(tx: Prisma.TransactionClient, jobs: readonly ClaimedJob[]): Promise<Set<string>> {
  if (jobs.length === 0) return new Set();
  const pks = jobs.map((j) => j.pk);
  const owners = jobs.map((j) => j.lockedBy);
  const rows = await tx.$queryRaw<{ pk: string }[]>`
    UPDATE outbox_job j SET completed_at = now(), locked_until = NULL, last_error = NULL
    FROM unnest(${pks}::uuid[], ${owners}::text[]) AS mine(pk, locked_by)
    WHERE j.pk = mine.pk AND j.locked_by = mine.locked_by AND j.completed_at IS NULL
    RETURNING j.pk::text`;
  return new Set(rows.map((r) => r.pk));
}

/**
 * When the next unfinished job becomes due (its run time, or the end of its lease), or null when none waits:
 * an idle worker sleeps until then (retries, expired leases), since notifications come only for new jobs.
 */
export async function nextDueAt(db: Db): Promise<Date | null> {
  const [row] = await db.$queryRaw<{ at: Date | null }[]>`
    SELECT min(GREATEST(run_at, COALESCE(locked_until, run_at))) AS at FROM outbox_job
    WHERE completed_at IS NULL AND failed_at IS NULL`;
  return row?.at ?? null;
}
