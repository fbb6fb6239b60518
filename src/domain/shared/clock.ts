/**
 * The domain's one reading of the current time. Entry points choose the clock (`systemClock` in the processes)
 * and pass it in: requests through the tRPC context, jobs through `JobContext`, other services as an argument;
 * SQL takes its time as a parameter from it (never the database's `now()`), so a rule can be tested, or a demo
 * run, at another time. `npm run lint` refuses `Date.now()` and `new Date()` elsewhere in src/domain/.
 */
export interface Clock {
  now(): Date;
}

/** The real time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: for tests, and for running a rule at a chosen moment. */
export class SettableClock implements Clock {
  private at: number;

  constructor(at: Date) {
    this.at = at.getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date): void {
    this.at = at.getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
