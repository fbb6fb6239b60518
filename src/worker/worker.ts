/**
 * The outbox worker: claims due jobs and runs their handlers, a few at a time. Safe to run in many
 * processes at once (see outbox-service). Runs inside `npm start` by default and alone with `npm run worker`.
 */
import { claimJobs, failJob, newWorkerId, type ClaimedJob } from "@/domain/outbox/outbox-service";
import type { Logger } from "@/log";
import { jobHandler, type JobContext } from "@/domain/outbox/job-handlers";
import "@/domain/outbox/register-handlers";

export interface WorkerOptions {
  concurrency?: number;
  idleMs?: number;
  log: Logger;
}

export class OutboxWorker {
  readonly id = newWorkerId();
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private beatAt = Date.now();

  constructor(
    private readonly ctx: JobContext,
    private readonly opts: WorkerOptions,
  ) {}

  /** Runs due jobs until none is left; returns how many ran (for tests and the CLI). */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const ran = await this.runBatch();
      if (ran === 0) return total;
      total += ran;
    }
  }

  async runBatch(): Promise<number> {
    const jobs = await claimJobs(this.ctx.db, this.id, this.opts.concurrency ?? 4);
    await Promise.all(jobs.map((job) => this.run(job)));
    return jobs.length;
  }

  private async run(job: ClaimedJob): Promise<void> {
    const handler = jobHandler(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, this.ctx);
    } catch (e) {
      const outcome = await failJob(this.ctx.db, job, e).catch(() => "unknown");
      this.opts.log.warn({ job: job.pk, kind: job.kind, attempt: job.attempts, outcome, err: e }, "job failed");
    }
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = (async () => {
      while (this.running) {
        this.beatAt = Date.now();
        let ran = 0;
        try {
          ran = await this.runBatch();
        } catch (e) {
          this.opts.log.error({ err: e }, "worker poll failed");
        }
        if (ran === 0 && this.running) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, this.opts.idleMs ?? 500);
            this.wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          this.wake = null;
        }
      }
    })();
  }

  /**
   * When the loop last went round (it does at least every idle interval, and after each batch): a loop stuck
   * in a job or a dead loop shows as an old heartbeat (/readyz). Null when the loop is not running.
   */
  heartbeat(): Date | null {
    return this.running ? new Date(this.beatAt) : null;
  }

  /** Asks the loop to look for jobs now (after this process enqueued some). */
  poke(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.poke();
    await this.loop;
  }
}
