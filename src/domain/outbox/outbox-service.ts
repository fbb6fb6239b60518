/**
 * The transactional outbox. A job is written in the same transaction as the change that needs it; workers
 * (any number, on any instance) claim due jobs with `FOR UPDATE SKIP LOCKED` and a lease. A worker that
 * dies mid-job leaves a lease that expires, and the job is claimed again; handlers make their effects
 * idempotent and complete the job in the same transaction as those effects (`completeJob`).
 */
import crypto from "node:crypto";
import type { Clock } from "@/domain/shared/clock";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import type { AliasableExpression, ExpressionBuilder, RawBuilder } from "kysely";
import { at, executeIn, jsonb, movedAs, noLaterThanNow, qb, Slot, sqlIn, Statement, typed, type Cte, type Tables } from "@/db/query-builder";
import { deleteInBatches } from "@/domain/shared/in-batches";

export interface JobInput {
  kind: string;
  payload: Prisma.InputJsonObject;
  /** Jobs sharing a key run one at a time, in the order they were written. */
  orderingKey?: string;
  /**
   * When it is due: the clock's time for a job due at once. It is never later than the real time when written (an
   * account's demo clock runs ahead): a job for later is `scheduleJob`'s, with a real time.
   */
  runAt: Date;
  maxAttempts?: number;
}

/** Jobs made from the rows of a CTE (`from`): their payload and ordering key are expressions over its row `d`. */
export interface JobRows<R> {
  kind: string;
  from: Cte<R>;
  payload: (eb: ExpressionBuilder<Tables & { d: R }, "d">) => AliasableExpression<unknown>;
  orderingKey: (eb: ExpressionBuilder<Tables & { d: R }, "d">) => AliasableExpression<string>;
  /** When they are due (`at(clock.now())`, or a template's slot). */
  runAt: RawBuilder<Date>;
  maxAttempts?: number;
}

const DEFAULT_MAX_ATTEMPTS = 10;

/** Adds to `statement` one job per row of `job.from` (webhook deliveries: one job each). */
export function addJobRows<R>(statement: Statement, job: JobRows<R>): void {
  statement.with(
    qb
      .insertInto("outbox_job")
      .columns(["pk", "kind", "payload", "ordering_key", "run_at", "max_attempts"])
      .expression(
        qb
          .selectFrom(job.from.as("d"))
          .select((eb) => [
            eb.fn<string>("gen_random_uuid").as("pk"),
            typed(job.kind, "text").as("kind"),
            job.payload(eb).as("payload"),
            job.orderingKey(eb).as("ordering_key"),
            noLaterThanNow(job.runAt).as("run_at"),
            typed(job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, "int").as("max_attempts"),
          ]),
      ),
  );
}

/** Adds `job` to `statement`; returns its pk. */
export function addJob(statement: Statement, job: JobInput): string {
  const pk = crypto.randomUUID();
  insertJob(statement, { pk, kind: job.kind, payload: job.payload, orderingKey: job.orderingKey ?? null, runAt: at(job.runAt), maxAttempts: job.maxAttempts });
  return pk;
}

/** One job's columns: values, or a template's slots. */
interface JobValues {
  pk: string | Slot<string>;
  kind: string;
  payload: Prisma.InputJsonObject | Slot<string>;
  orderingKey: string | null;
  runAt: RawBuilder<Date>;
  maxAttempts?: number;
  /** A real time in the future (`scheduleJob`): written as it is. */
  later?: boolean;
}

function insertJob(statement: Statement, job: JobValues): void {
  statement.with(
    qb.insertInto("outbox_job").values({
      pk: typed(job.pk, "uuid"),
      kind: typed(job.kind, "text"),
      payload: jsonb(job.payload),
      ordering_key: typed(job.orderingKey, "text"),
      run_at: job.later ? job.runAt : noLaterThanNow(job.runAt),
      max_attempts: typed(job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS, "int"),
    }),
  );
}

/** The arguments of `addJobSlots`: the job's pk and its payload as JSON text. */
export type JobArgs = { job_pk: string; job_payload: string };

/** A job of `kind` in a `Template`, due at `runAt` (a slot too): its pk and payload are slots (their arguments: `jobArgs`). */
export function addJobSlots(statement: Statement, kind: string, runAt: RawBuilder<Date>): void {
  insertJob(statement, { pk: new Slot("job_pk"), kind, payload: new Slot("job_payload"), orderingKey: null, runAt });
}

export function jobArgs(payload: Prisma.InputJsonObject): JobArgs {
  return { job_pk: crypto.randomUUID(), job_payload: JSON.stringify(payload) };
}

/** A job due at a later real time (`runAt` from the process's clock, never a demo clock): the explicit Payruns' auto-close. */
export async function scheduleJob(tx: Prisma.TransactionClient, job: JobInput): Promise<string> {
  const statement = new Statement();
  const pk = crypto.randomUUID();
  insertJob(statement, {
    pk,
    kind: job.kind,
    payload: job.payload,
    orderingKey: job.orderingKey ?? null,
    runAt: at(job.runAt),
    maxAttempts: job.maxAttempts,
    later: true,
  });
  await statement.run(sqlIn(tx));
  return pk;
}

export async function enqueueJob(tx: Prisma.TransactionClient, job: JobInput): Promise<string> {
  const statement = new Statement();
  const pk = addJob(statement, job);
  await statement.run(sqlIn(tx));
  return pk;
}

/** The outbox settings a worker is given (OUTBOX_LEASE_SECONDS, OUTBOX_RETRY_BASE_MS; read at the entry points). */
export interface OutboxSettings {
  /** How long a claimed job is the worker's before another may take it. */
  leaseSeconds: number;
  /** The first retry delay of a failed job. */
  retryBaseMs: number;
}

export interface ClaimedJob {
  pk: string;
  kind: string;
  payload: Prisma.JsonValue;
  attempts: number;
  maxAttempts: number;
  lockedBy: string;
  /** Its run time when claimed: a retry's time is written relative to it (`failJob`). */
  runAt: Date;
}

/**
 * Marks the job done inside the handler's transaction. Returns false when the job is no longer ours (its
 * lease ran out and another worker finished it): the caller must then roll back its effects.
 */
export async function completeJob(tx: Prisma.TransactionClient, job: ClaimedJob, clock: Clock): Promise<boolean> {
  const { count } = await tx.outboxJob.updateMany({
    where: { pk: job.pk, lockedBy: job.lockedBy, completedAt: null },
    data: { completedAt: clock.now(), lockedUntil: null, lastError: null },
  });
  return count === 1;
}

/**
 * Exponential backoff with jitter: 10 s, 20 s, 40 s … capped at 1 hour, each ±25 %.
 * `firstMs` (OUTBOX_RETRY_BASE_MS) is the first step (tests use a few milliseconds).
 */
export function retryDelayMs(attempts: number, firstMs: number): number {
  const base = Math.min(firstMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * Records a failed attempt: retried later, or marked failed after the last attempt. The retry is `delayMs` after
 * `clock`'s now, moved as far as the job's run time was moved while it ran: an advance of a demo clock brings its
 * account's pending deliveries forward in one statement (demo-clock-service.ts), the job being run among them, and
 * this write keeps that move whichever of the two commits first.
 */
export async function failJob(db: Db, job: ClaimedJob, error: unknown, delayMs: number, clock: Clock): Promise<"retry" | "failed"> {
  const now = clock.now();
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const final = job.attempts >= job.maxAttempts;
  await executeIn(
    db,
    qb
      .updateTable("outbox_job")
      .set((eb) =>
        final
          ? { failed_at: at(now), locked_until: null, last_error: message }
          : { run_at: movedAs(new Date(now.getTime() + delayMs), eb.ref("run_at"), job.runAt), locked_until: null, last_error: message },
      )
      .where("pk", "=", typed(job.pk, "uuid"))
      .where("locked_by", "=", typed(job.lockedBy, "text"))
      .where("completed_at", "is", null),
  );
  return final ? "failed" : "retry";
}

export function newWorkerId(): string {
  return `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;
}

/** Finished jobs are kept a week for inspection, then removed (webhook deliveries keep their own log). */
export const FINISHED_JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Removes jobs finished (done or given up) over a week ago, in batches, each kind by its own index; returns how many. */
export async function purgeFinishedJobs(db: Db, now: Date, batch = 5_000): Promise<number> {
  const before = new Date(now.getTime() - FINISHED_JOB_RETENTION_MS);
  let total = 0;
  for (const finished of ["completed_at", "failed_at"] as const) {
    total += await deleteInBatches(
      (limit) =>
        executeIn(db, qb.deleteFrom("outbox_job").where("pk", "in", qb.selectFrom("outbox_job").select("pk").where(finished, "<", before).limit(limit))),
      batch,
    );
  }
  return total;
}
