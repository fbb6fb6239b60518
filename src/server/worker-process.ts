/**
 * `npm start`'s outbox worker as a child process (on PostgreSQL): the background work gets its own event
 * loop and heap, so a drained backlog does not slow the requests this process serves (a second core, when
 * there is one, does the rest). The child is `dist/worker.js` with this process's environment; it reports
 * its heartbeat over the IPC channel (for /readyz), is restarted when it dies, and is stopped with SIGTERM
 * (it finishes its batches) when `npm start` stops. It exits by itself when this process is gone.
 */
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import { z } from "zod";
import type { JobObserver } from "@/domain/outbox/job-handlers";
import type { Logger } from "@/log";
import { WORKER_HEAP_FLAGS } from "./heap-flags";

/** What the worker process sends its parent: its loop's last round (ms since the epoch), and what /metrics counts. */
const ZWorkerMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("heartbeat"), at: z.number().nullable() }),
  z.object({ type: z.literal("webhookAttempt"), outcome: z.enum(["success", "http_error", "network_error"]), seconds: z.number() }),
]);
export type WorkerMessage = z.infer<typeof ZWorkerMessage>;

const RESTART_DELAY_MS = 1_000;

/**
 * The child's CPU priority (nice 10; requests stay at 0): when both want the CPU, the kernel gives the
 * requests most of it, so a draining backlog costs reads little; on a machine with CPU to spare the worker
 * runs at full speed (docs/deploy.md, "Requests before background work").
 */
export const WORKER_NICE = 10;

export class WorkerProcess {
  private child: ChildProcess | null = null;
  private beatAt: number | null = null;
  private stopping = false;
  private restart: NodeJS.Timeout | undefined;

  constructor(
    private readonly script: string,
    private readonly log: Logger,
    private readonly observe?: JobObserver | null,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    // The child inherits the environment; METRICS_PORT stays this process's (the child reports its observations here).
    const child = fork(this.script, [], { execArgv: ["--enable-source-maps", ...WORKER_HEAP_FLAGS], stdio: "inherit" });
    this.child = child;
    if (child.pid !== undefined) {
      try {
        os.setPriority(child.pid, WORKER_NICE);
      } catch (e) {
        this.log.warn({ err: e }, "could not lower the outbox worker's CPU priority");
      }
    }
    child.on("message", (raw) => {
      const m = ZWorkerMessage.safeParse(raw);
      if (!m.success) return;
      if (m.data.type === "heartbeat") this.beatAt = m.data.at;
      else this.observe?.webhookAttempt(m.data.outcome, m.data.seconds);
    });
    child.on("exit", (code, signal) => {
      if (this.child === child) this.child = null;
      this.beatAt = null;
      if (this.stopping) return;
      this.log.error({ code, signal }, "outbox worker process exited: restarting it");
      this.restart = setTimeout(() => this.start(), RESTART_DELAY_MS);
    });
  }

  /** The child's last reported loop round; null while it is not running (a dead child fails /readyz). */
  heartbeat(): Date | null {
    return this.beatAt === null ? null : new Date(this.beatAt);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restart);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    await exited;
  }
}
