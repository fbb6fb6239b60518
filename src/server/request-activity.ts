/**
 * Whether this process is serving reads now: those in flight, and a short while after the last one ended (a
 * client's next request follows its last answer by a moment). The in-process outbox worker's budget asks it
 * (src/worker/worker.ts, RequestBudget): background work yields to reads. Writes are not counted: the work a
 * write causes (its invitation, its webhooks) keeps pace with the writes, which it slows down instead of
 * letting a backlog grow without bound.
 */
import type http from "node:http";

/** After the last answer, how long the process still counts as serving. */
const QUIET_AFTER_MS = 100;

export class RequestActivity {
  private inFlight = 0;
  private lastEndedAt = 0;

  /** Counts a read (GET, HEAD) until its response closes. */
  track(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (req.method !== "GET" && req.method !== "HEAD") return;
    this.inFlight++;
    res.once("close", () => {
      this.inFlight--;
      this.lastEndedAt = Date.now();
    });
  }

  busy(): boolean {
    return this.inFlight > 0 || Date.now() - this.lastEndedAt < QUIET_AFTER_MS;
  }
}
