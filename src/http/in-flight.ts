/** How many times its share an account may have in flight while it is alone on the instance. */
export const ALONE_FACTOR = 4;

interface Slots {
  active: number;
  waiting: (() => void)[];
}

/**
 * A bounded FIFO of waiting requests per account. An account may have `concurrency` requests in flight while
 * other accounts have requests in progress, and up to `concurrency * ALONE_FACTOR` while it is alone, so that a
 * lone client is not held back for nobody's sake; once another account arrives, the first gives slots back as
 * its requests finish, down to its share, while the newcomer is admitted at once.
 */
export class InFlight {
  private readonly slots = new Map<string, Slots>();
  private total = 0;
  /** Requests waiting in any account's queue: while none wait, a release has no other queue to look at. */
  private queued = 0;
  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  /** Whether `subject`, holding `active` slots of the instance's `total`, may hold one more. */
  private mayHold(active: number, total: number): boolean {
    return active < this.concurrency || (total === active && total < this.concurrency * ALONE_FACTOR);
  }

  /**
   * Takes a slot for `subject`: true when it holds one now, false when its queue is full, else a promise that
   * resolves true once release() hands it a slot. The answer is immediate (no promise) whenever it can be, as
   * it is for nearly every request: the gate sits on every request's path.
   */
  acquire(subject: string): boolean | Promise<boolean> {
    let entry = this.slots.get(subject);
    if (!entry) this.slots.set(subject, (entry = { active: 0, waiting: [] }));
    if (entry.waiting.length === 0 && this.mayHold(entry.active, this.total)) {
      entry.active++;
      this.total++;
      return true;
    }
    if (entry.waiting.length >= this.queue) return false;
    const slot = entry;
    this.queued++;
    // The slot is counted and handed over by release().
    return new Promise<boolean>((resolve) => slot.waiting.push(() => resolve(true)));
  }

  /** Frees a slot; then admits waiting requests, of this account first, that may now hold one (in order). */
  release(subject: string): void {
    const entry = this.slots.get(subject);
    if (!entry) return;
    entry.active--;
    this.total--;
    if (this.queued > 0) {
      this.admitWaiting(entry);
      // Another account's queue may move too: this one leaving lets it borrow again.
      for (const other of this.slots.values()) if (other !== entry && other.waiting.length > 0) this.admitWaiting(other);
    }
    if (entry.active === 0 && entry.waiting.length === 0) this.slots.delete(subject);
  }

  private admitWaiting(entry: Slots): void {
    while (entry.waiting.length > 0 && this.mayHold(entry.active, this.total)) {
      entry.active++;
      this.total++;
      this.queued--;
      entry.waiting.shift()?.();
    }
  }
}
