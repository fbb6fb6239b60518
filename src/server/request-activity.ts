/**
 * Whether this process is serving requests now: those in flight, and a short while after the last one ended (a
 * client's next request follows its last answer by a moment). The in-process outbox worker's budget asks it
 * (src/worker/worker.ts, RequestBudget): background work yields to requests of every kind, writes included, and
 * catches up when the API is idle. (Writes once did not count, so that the invitations of a burst of creates
 * kept pace with it; they then took about two thirds of the create throughput.)
 */
import type http from "node:http";

/** After the last answer, how long the process still counts as serving. */
const QUIET_AFTER_MS = 100;

export class RequestActivity {
  private inFlight = 0;
  private lastEndedAt = 0;

  /** Counts a request until its response closes. */
  track(res: http.ServerResponse): void {
    this.inFlight++;
    res.once("close", () => {
      this.inFlight--;
      // Wall-clock on purpose: whether requests were served lately is real time.
      this.lastEndedAt = Date.now();
    });
  }

  busy(): boolean {
    return this.inFlight > 0 || Date.now() - this.lastEndedAt < QUIET_AFTER_MS;
  }
}
