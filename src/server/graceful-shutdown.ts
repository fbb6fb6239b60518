/**
 * Stopping an instance behind a load balancer without losing requests: /readyz turns 503 at once, the
 * server keeps serving for `drainMs` (long enough for the balancer's health checks to take it out of
 * rotation; answers carry `Connection: close` meanwhile), then stops accepting connections and waits for
 * the requests in flight, closing whatever is left after `graceMs`.
 */
import type http from "node:http";
import type { Logger } from "@/log";
import type { Readiness } from "./readiness";

export interface DrainOptions {
  readiness: Readiness;
  drainMs: number;
  /** How long requests in flight get once the server stopped accepting; then their connections are closed. */
  graceMs?: number;
  log: Logger;
  /** Aborting it ends the drain wait early (a second SIGTERM or SIGINT). */
  signal?: AbortSignal;
}

export async function drainAndClose(server: http.Server, opts: DrainOptions): Promise<void> {
  opts.readiness.startDraining();
  opts.log.info({ drainMs: opts.drainMs }, "draining: /readyz answers 503");
  await new Promise<void>((resolve) => {
    if (opts.signal?.aborted) return resolve();
    const timer = setTimeout(resolve, opts.drainMs);
    opts.signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  const force = setTimeout(() => server.closeAllConnections(), opts.graceMs ?? 5_000);
  force.unref();
  await closed;
  clearTimeout(force);
}
