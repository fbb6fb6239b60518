/**
 * The transactional outbox. A job is written in the same transaction as the change that needs it; workers
 * (any number, on any instance) claim due jobs with `FOR UPDATE SKIP LOCKED` and a lease. A worker that
 * dies mid-job leaves a lease that expires, and the job is claimed again; handlers make their effects
 * idempotent and complete the job in the same transaction as those effects (`completeJob`).
 */
import { env } from "@/config/env";
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { run, sqlIn, SqlStatement } from "@/db/sql-statement";


export interface JobInput {
  kind: string;
  payload: Prisma.InputJsonObject;
  /** Jobs sharing a key run one at a time, in the order they were written. */
  orderingKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** The columns of jobs as SQL expressions, for jobs made from the rows of another CTE (`from`). */
export interface JobRowsSql {
  kind: string;
  payload: string;
  orderingKey: string;
  from: string;
  maxAttempts?: number;
}

/** Adds to `statement` one job per row of `from` (the outbox's one insert: single jobs use it too). */
export function addJobRows(statement: SqlStatement, job: JobRowsSql & { pk?: string; runAt?: string }): void {
  statement.with(`INSERT INTO outbox_job (pk, kind, payload, ordering_key, run_at, max_attempts)
    SELECT ${job.pk ?? "gen_random_uuid()"}, ${statement.param(job.kind, "text")}, ${job.payload}, ${job.orderingKey},
           ${job.runAt ?? "now()"}, ${statement.param(job.maxAttempts ?? 10, "int")}
    FROM ${job.from}`);
}

/** Adds `job` to `statement`; returns its pk. */
export function addJob(statement: SqlStatement, job: JobInput): string {
  const pk = crypto.randomUUID();
  addJobRows(statement, {
    pk: statement.param(pk, "uuid"),
    kind: job.kind,
    payload: statement.param(JSON.stringify(job.payload), "jsonb"),
    orderingKey: statement.param(job.orderingKey ?? null, "text"),
    runAt: job.runAt ? statement.param(job.runAt.toISOString(), "timestamptz") : undefined,
    maxAttempts: job.maxAttempts,
    from: "(SELECT) AS one_row",
  });
  return pk;
}

export async function enqueueJob(tx: Prisma.TransactionClient, job: JobInput): Promise<string> {
  const statement = new SqlStatement();
  const pk = addJob(statement, job);
  await run(sqlIn(tx), statement);
  return pk;
}

export interface ClaimedJob {
  pk: string;
  kind: string;
  payload: Prisma.JsonValue;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
}

/**
 * Claims up to `limit` due jobs for `workerId`. A job is due when its run time has come, nobody holds a
 * live lease on it, and no earlier unfinished job has its ordering key.
 */
export async function claimJobs(db: Db, workerId: string, limit: number, kinds?: string[]): Promise<ClaimedJob[]> {
  const kindFilter = kinds?.length ? kinds : null;
  const rows = await db.$queryRaw<{ pk: string; kind: string; payload: Prisma.JsonValue; attempts: number; max_attempts: number }[]>`
    UPDATE outbox_job SET locked_until = now() + make_interval(secs => ${env().OUTBOX_LEASE_SECONDS}), locked_by = ${workerId}, attempts = attempts + 1
    WHERE pk IN (
      SELECT j.pk FROM outbox_job j
      WHERE j.completed_at IS NULL AND j.failed_at IS NULL AND j.run_at <= now()
        AND (j.locked_until IS NULL OR j.locked_until < now())
        AND (${kindFilter}::text[] IS NULL OR j.kind = ANY(${kindFilter}::text[]))
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
 * Marks the job done inside the handler's transaction. Returns false when the job is no longer ours (its
 * lease ran out and another worker finished it): the caller must then roll back its effects.
 */
export async function completeJob(tx: Prisma.TransactionClient, job: ClaimedJob): Promise<boolean> {
  const { count } = await tx.outboxJob.updateMany({
    where: { pk: job.pk, lockedBy: job.lockedBy, completedAt: null },
    data: { completedAt: new Date(), lockedUntil: null, lastError: null },
  });
  return count === 1;
}

/**
 * Exponential backoff with jitter: 10 s, 20 s, 40 s … capped at 1 hour, each ±25 %.
 * OUTBOX_RETRY_BASE_MS changes the first step (tests use a few milliseconds).
 */
export function retryDelayMs(attempts: number): number {
  const first = env().OUTBOX_RETRY_BASE_MS;
  const base = Math.min(first * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/** Records a failed attempt: retried later, or marked failed after the last attempt. */
export async function failJob(db: Db, job: ClaimedJob, error: unknown, delayMs = retryDelayMs(job.attempts)): Promise<"retry" | "failed"> {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const final = job.attempts >= job.maxAttempts;
  await db.outboxJob.updateMany({
    where: { pk: job.pk, lockedBy: job.lockedBy, completedAt: null },
    data: final
      ? { failedAt: new Date(), lockedUntil: null, lastError: message }
      : { runAt: new Date(Date.now() + delayMs), lockedUntil: null, lastError: message },
  });
  return final ? "failed" : "retry";
}

export function newWorkerId(): string {
  return `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Finished jobs are kept a week for inspection, then removed (webhook deliveries keep their own log). */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export async function purgeFinishedJobs(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOB_RETENTION_MS);
  const { count } = await db.outboxJob.deleteMany({
    where: { OR: [{ completedAt: { lt: before } }, { failedAt: { lt: before } }] },
  });
  return count;
}
