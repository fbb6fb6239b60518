/**
 * The outbox worker: claims due jobs in batches (one statement each) and works up to a few batches at once;
 * a kind with a batch handler does its batch's database effects in set-based statements. Safe to run in many
 * processes at once (see outbox-service). It sleeps until woken: by the LISTEN connection (PostgreSQL, every
 * instance), by `poke()` (this process enqueued jobs), or by a slow poll for retries and expired leases.
 * Runs inside `npm start` by default and alone with `npm run worker`.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";
import { claimBatch, nextDueAt } from "@/domain/outbox/outbox-claim";
import { failJob, newWorkerId, retryDelayMs, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { Logger } from "@/log";
import type { JobContext, JobHandlers, JobHandling } from "@/domain/outbox/job-handlers";
import type { JobListener } from "./job-wakeup";

export interface WorkerOptions {
  /** What each job kind does: `jobHandlers` (./job-registry) in the processes, a test's own in tests. */
  handlers: JobHandlers;
  /** Jobs claimed per statement (default 100). */
  batchSize?: number;
  /** Batches worked at once (default 2): a slow receiver in one batch does not hold up the next. */
  parallelBatches?: number;
  /** Longest sleep between looks when nothing wakes the worker (default 500 ms; 5 s with a listener). */
  idleMs?: number;
  /** Wakes the worker at commit on any instance (PostgreSQL LISTEN); without it the worker polls every idleMs. */
  listen?: JobListener | null;
  /** In a process that also serves requests: the share of time background work may take while they are served. */
  budget?: RequestBudget | null;
  log: Logger;
}

/**
 * The scheduling budget of a worker that shares its event loop with request serving: while `busy()` (requests
 * are being served), batches run one at a time and small (BUSY_BATCH_SIZE), and after each the worker rests until the batch's time is at
 * most `share` of the time since it began (share 0.15: a 30 ms batch, 170 ms of rest), unless the requests leave the event loop idle
 * meanwhile (IDLE_LOOP_BELOW). Idle, it runs at full speed.
 */
export interface RequestBudget {
  busy(): boolean;
  share: number;
}

/**
 * The most jobs a batch claims while requests are being served. A batch's handler runs stretches of work without
 * yielding (a hundred invitations rendered and written), and every request that arrives meanwhile waits: at 100
 * a batch, creates at 700/s had a p99 of 110–190 ms against 35–50 ms without the worker; at 10, 45–55 ms
 * (docs/performance.md). Idle, the worker claims full batches.
 */
const BUSY_BATCH_SIZE = 10;

/** How often a resting worker looks whether the requests have stopped or leave the event loop idle. */
const REST_CHECK_MS = 20;

/**
 * A rest ends early when the event loop was busy for less than this share of the rest so far: the requests being
 * served leave it idle (a few a second), and resting would only hold background work back (at 20 creates a second
 * embedded, each webhook reached its receiver 1.8 s after the create). Under load the loop stays busy and the rest
 * is kept: with creates on 16 connections on PostgreSQL, 2 % of 20 ms stretches were below half and 0.2 % of 40 ms,
 * so a rest of 170 ms is cut short seldom (waiting for a second look instead cost the light load's webhooks
 * 30 ms more at p50).
 */
const IDLE_LOOP_BELOW = 0.5;

/** The shortest sleep when jobs are due but none could be claimed (held by others, or waiting on their ordering key). */
const BLOCKED_POLL_MS = 200;

export class OutboxWorker {
  readonly id = newWorkerId();
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** A wake-up that came while the loop was busy: the next sleep is skipped. */
  private woken = false;
  // Wall-clock on purpose: the loop's heartbeat, rests and sleeps are real time; the jobs' own time is ctx.clock.
  private beatAt = Date.now();
  /** The batches being worked: when each started, and its jobs. */
  private readonly inFlight = new Map<Promise<void>, { startedAt: number; pks: string[] }>();
  /** Under a budget: no batch starts before this time while requests are being served. */
  private restUntil = 0;

  constructor(
    private readonly ctx: JobContext,
    private readonly opts: WorkerOptions,
  ) {}

  private get batchSize(): number {
    return this.opts.batchSize ?? 100;
  }

  /** Runs due jobs until none is left; returns how many ran (for tests and the CLI). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runBatch();
      if (ran === 0) return total;
      total += ran;
    }
  }

  /** Claims one batch and works it; returns its size. */
  async runBatch(): Promise<number> {
    const jobs = await claimBatch(this.ctx.db, this.id, this.batchSize, { leaseSeconds: this.ctx.outbox.leaseSeconds, clock: this.ctx.clock });
    await this.work(jobs);
    return jobs.length;
  }

  /** Every kind of the batch at once: a batch handler gets its kind's jobs together, other jobs run one each. */
  private async work(jobs: ClaimedJob[]): Promise<void> {
    const byKind = new Map<string, ClaimedJob[]>();
    for (const job of jobs) byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
    await Promise.all(
      [...byKind].map(async ([kind, group]) => {
        const handling = this.handling(kind);
        if (!handling?.batch) return Promise.all(group.map((job) => this.run(job, handling)));
        try {
          await handling.run(group, this.ctx);
        } catch (e) {
          // failJob touches only jobs still unfinished and ours: those the handler completed stay done.
          const outcomes = await Promise.all(group.map((job) => this.fail(job, e).catch(() => "unknown")));
          this.opts.log.warn({ kind, jobs: group.length, failed: outcomes.filter((o) => o === "failed").length, err: e }, "job batch failed");
        }
      }),
    );
  }

  /** The kind's own entry only: a job kind such as "toString" has no handler. */
  private handling(kind: string): JobHandling | undefined {
    return Object.hasOwn(this.opts.handlers, kind) ? this.opts.handlers[kind] : undefined;
  }

  private async run(job: ClaimedJob, handling: Extract<JobHandling, { batch: false }> | undefined): Promise<void> {
    try {
      if (!handling) throw new Error(`no handler for job kind ${job.kind}`);
      await handling.run(job, this.ctx);
    } catch (e) {
      const outcome = await this.fail(job, e).catch(() => "unknown");
      this.opts.log.warn({ job: job.pk, kind: job.kind, attempt: job.attempts, outcome, err: e }, "job failed");
    }
  }

  private fail(job: ClaimedJob, error: unknown): Promise<"retry" | "failed"> {
    return failJob(this.ctx.db, job, error, retryDelayMs(job.attempts, this.ctx.outbox.retryBaseMs), this.ctx.clock);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.runLoop();
  }

  private async runLoop(): Promise<void> {
    let unlisten: (() => Promise<void>) | null = null;
    if (this.opts.listen) {
      unlisten = await this.opts
        .listen(() => this.poke())
        .catch((e: unknown) => {
          this.opts.log.warn({ err: e }, "outbox listener failed to start: polling");
          return null;
        });
    }
    const idleMs = this.opts.idleMs ?? (unlisten ? 5_000 : 500);
    const parallel = this.opts.parallelBatches ?? 2;
    while (this.running) {
      if (this.inFlight.size >= parallel) {
        // Every slot busy: no heartbeat until one frees.
        await this.sleep(idleMs);
        continue;
      }
      if (this.opts.budget && (await this.restForRequests(this.opts.budget))) continue;
      this.beatAt = Date.now();
      const claimedAt = Date.now();
      let jobs: ClaimedJob[] = [];
      try {
        const size = this.opts.budget?.busy() ? Math.min(this.batchSize, BUSY_BATCH_SIZE) : this.batchSize;
        jobs = await claimBatch(this.ctx.db, this.id, size, {
          leaseSeconds: this.ctx.outbox.leaseSeconds,
          clock: this.ctx.clock,
          running: [...this.inFlight.values()].flatMap((b) => b.pks),
        });
      } catch (e) {
        this.opts.log.error({ err: e }, "worker claim failed");
        await this.sleep(idleMs);
        continue;
      }
      if (jobs.length > 0) {
        const batch: Promise<void> = this.work(jobs)
          .catch((e: unknown) => this.opts.log.error({ err: e }, "job batch failed"))
          .finally(() => {
            this.inFlight.delete(batch);
            if (this.opts.budget) {
              const took = Date.now() - claimedAt;
              this.restUntil = Date.now() + (took * (1 - this.opts.budget.share)) / this.opts.budget.share;
            }
            this.poke(); // a free slot, and the jobs next in their ordering keys may be due now
          });
        this.inFlight.set(batch, { startedAt: Date.now(), pks: jobs.map((j) => j.pk) });
        continue;
      }
      if (this.inFlight.size > 0) {
        await this.sleep(idleMs);
        continue;
      }
      // Idle: notifications announce new jobs; retries and expired leases are due at a known time.
      let wait = idleMs;
      if (unlisten) {
        const due = await nextDueAt(this.ctx.db).catch(() => null);
        if (due) wait = Math.min(idleMs, Math.max(BLOCKED_POLL_MS, due.getTime() - Date.now()));
      }
      await this.sleep(wait);
    }
    await Promise.all(this.inFlight.keys());
    await unlisten?.();
  }

  /**
   * While requests are being served: waits for the running batch and the rest it earned, looking every
   * REST_CHECK_MS whether the requests have stopped. Answers true when it waited (the loop then looks again).
   */
  private async restForRequests(budget: RequestBudget): Promise<boolean> {
    let waited = false;
    /** The event loop's use when the rest began. */
    let restFrom: EventLoopUtilization | null = null;
    while (this.running && budget.busy() && (this.inFlight.size > 0 || Date.now() < this.restUntil)) {
      waited = true;
      this.beatAt = Date.now();
      const resting = this.inFlight.size === 0;
      if (resting) restFrom ??= performance.eventLoopUtilization();
      const ms = resting ? Math.min(REST_CHECK_MS, this.restUntil - Date.now()) : REST_CHECK_MS;
      await new Promise((r) => setTimeout(r, Math.max(1, ms)));
      // The requests left the loop idle while the worker rested: they have the time they need, the rest is the worker's.
      if (restFrom && performance.eventLoopUtilization(restFrom).utilization < IDLE_LOOP_BELOW) {
        this.restUntil = 0;
        break;
      }
    }
    return waited;
  }

  private async sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = null;
    this.woken = false;
  }

  /**
   * When the loop last went round with a free slot (at least every idle interval), or when the oldest batch
   * still running started, whichever is older: a job stuck past the limit, or a dead loop, shows as an old
   * heartbeat (/readyz). Null when the loop is not running.
   */
  heartbeat(): Date | null {
    if (!this.running) return null;
    return new Date(Math.min(this.beatAt, ...[...this.inFlight.values()].map((b) => b.startedAt)));
  }

  /** Asks the loop to look for jobs now (jobs were enqueued, or a batch finished). */
  poke(): void {
    if (this.wake) this.wake();
    else this.woken = true;
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
  }
}
