/**
 * /readyz: whether this instance should get traffic. The database answers, every migration this build
 * ships is applied, the in-process outbox worker (WORKER=1) went round recently, and the process is not
 * shutting down. /healthz stays "the process is alive" only: a load balancer takes an unready instance
 * out of rotation, a supervisor restarts an unhealthy one.
 */
import type { Db } from "@/db/database";
import { pendingMigrations, prismaRunner } from "@/db/migrate";

export interface ReadinessOptions {
  db: Db;
  /** The migrations this build ships (migrationNames()). */
  migrations: readonly string[];
  /** The in-process worker, when this process runs one; its heartbeat must be younger than `heartbeatMaxAgeMs`. */
  worker?: { heartbeat(): Date | null } | null;
  heartbeatMaxAgeMs: number;
  /** How long the database has to answer before the check fails (a hung database must not hang the probe). */
  timeoutMs?: number;
}

export interface ReadinessReport {
  ready: boolean;
  body: { status: "ok" | "unavailable"; failed: string[]; checks: Record<string, string> };
}

export class Readiness {
  private draining = false;

  constructor(private readonly opts: ReadinessOptions) {}

  /** From now on /readyz answers 503 "shutting down" (SIGTERM), so that load balancers stop sending traffic. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  // Wall-clock on purpose: /readyz judges real ages (heartbeats), never a demo or test clock.
  async check(now = Date.now()): Promise<ReadinessReport> {
    const checks: Record<string, string> = {};
    if (this.draining) checks.shutdown = "shutting down";
    try {
      const pending = await withTimeout(pendingMigrations(prismaRunner(this.opts.db), this.opts.migrations), this.opts.timeoutMs ?? 2_000);
      checks.database = "ok";
      checks.migrations = pending.length ? `not applied: ${pending.join(", ")}` : "ok";
    } catch (e) {
      checks.database = e instanceof Error ? e.message.split("\n")[0].slice(0, 200) : "unavailable";
      checks.migrations = "unknown";
    }
    if (this.opts.worker) {
      const beat = this.opts.worker.heartbeat();
      const age = beat ? now - beat.getTime() : null;
      checks.worker = age === null ? "not running" : age > this.opts.heartbeatMaxAgeMs ? `heartbeat ${Math.round(age / 1000)} s old` : "ok";
    }
    const failed = Object.entries(checks)
      .filter(([, v]) => v !== "ok")
      .map(([k]) => k);
    return { ready: failed.length === 0, body: { status: failed.length ? "unavailable" : "ok", failed, checks } };
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
