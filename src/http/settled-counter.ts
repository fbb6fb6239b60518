/**
 * Fixed-window counters that count locally and settle with a shared store in batches, so that an admitted
 * request seldom waits for a store round trip.
 *
 * Per key and window an instance asks the store once (the window's first request here), then admits
 * locally while its picture of the key (the store's count at the last answer plus what it admitted since)
 * is under half the limit, and sends what it admitted every `flushMs` in one batch for all keys. In the
 * upper half it asks the store on every request, so the limit itself is exact; a key over its limit is
 * refused from memory until its window ends. The price is a bounded overshoot: instances that each admit
 * up to half the limit between two flushes can together pass it by (instances / 2 - 1) limits, and
 * two instances cannot pass it at all.
 */

/** A key's count in the store after an addition, and the time until its window ends. */
export interface StoredCount {
  count: number;
  msLeft: number;
}

/** Adds points to many keys in one round trip; the answer has an entry per key sent. */
export type AddPoints = (entries: ReadonlyArray<{ key: string; points: number }>) => Promise<Map<string, StoredCount>>;

export interface CountVerdict {
  allowed: boolean;
  /** Points left in the window after this request (0 when refused). */
  remaining: number;
  msBeforeNext: number;
}

interface KeyState {
  /** When the window ends, as this instance knows it (ms since the epoch); 0 until the store has answered. */
  windowEnd: number;
  /** The store's count at its last answer. */
  known: number;
  /** Admitted here and not yet sent to the store. */
  pending: number;
  /** Sent in a flush that has not answered yet. */
  sending: number;
}

/** The part of the limit an instance may admit without asking the store. */
const LOCAL_SHARE = 0.5;

export class SettledCounter {
  private readonly states = new Map<string, KeyState>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private readonly durationMs: number;

  constructor(
    readonly points: number,
    durationSeconds: number,
    private readonly add: AddPoints,
    /** Called when the store fails; counting then goes on in this instance's memory. */
    private readonly onStoreError: (e: unknown) => void,
    private readonly flushMs = 50,
  ) {
    this.durationMs = durationSeconds * 1000;
  }

  /**
   * Counts one request of `cost` points (a tRPC batch counts each of its calls) against `key`: whether it is
   * admitted, and what is left of the window. A verdict this
   * instance reaches alone (nearly every request) is returned as it is, not as a promise: on the hot path a
   * promise and its microtask cost more than the counting itself. Only a request that asks the store waits.
   */
  take(key: string, cost = 1): CountVerdict | Promise<CountVerdict> {
    const now = Date.now();
    let s = this.states.get(key);
    if (!s || (s.windowEnd !== 0 && now >= s.windowEnd)) {
      // A new window: what was admitted in the old one and not yet sent no longer matters.
      s = { windowEnd: 0, known: 0, pending: 0, sending: 0 };
      this.states.set(key, s);
    }
    const used = s.known + s.pending + s.sending;
    if (s.windowEnd !== 0 && used + cost > this.points) return { allowed: false, remaining: 0, msBeforeNext: s.windowEnd - now };
    if (s.windowEnd !== 0 && used + cost <= this.points * LOCAL_SHARE) {
      s.pending += cost;
      this.scheduleFlush();
      return { allowed: true, remaining: this.points - used - cost, msBeforeNext: s.windowEnd - now };
    }
    return this.ask(key, s, cost);
  }

  /** Asks the store for this request, sending along what the key has admitted here since the last flush. */
  private async ask(key: string, s: KeyState, cost: number): Promise<CountVerdict> {
    const carried = s.pending;
    s.pending = 0;
    s.sending += carried + cost;
    let answer: StoredCount | undefined;
    try {
      answer = (await this.add([{ key, points: carried + cost }])).get(key);
    } catch (e) {
      this.onStoreError(e);
    }
    s.sending -= carried + cost;
    const now = Date.now();
    if (!answer) {
      // The store is unreachable: count in memory alone until it answers again.
      if (s.windowEnd === 0) s.windowEnd = now + this.durationMs;
      const count = s.known + s.pending + s.sending + carried + cost;
      s.known += carried + (count <= this.points ? cost : 0);
      return this.verdict(count, s.windowEnd - now);
    }
    this.learn(s, answer, now);
    return this.verdict(answer.count, answer.msLeft);
  }

  private verdict(count: number, msLeft: number): CountVerdict {
    const allowed = count <= this.points;
    return { allowed, remaining: allowed ? this.points - count : 0, msBeforeNext: Math.max(0, msLeft) };
  }

  /** Takes in a store answer; counts only grow within a window, so an older answer never lowers them. */
  private learn(s: KeyState, answer: StoredCount, now: number): void {
    const windowEnd = now + answer.msLeft;
    const newWindow = s.windowEnd === 0 || windowEnd > s.windowEnd + this.durationMs / 2;
    s.known = newWindow ? answer.count : Math.max(s.known, answer.count);
    if (newWindow) s.windowEnd = windowEnd;
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, this.flushMs);
    this.flushTimer.unref();
  }

  /** Sends every key's pending count in one batch, and forgets keys whose window has ended. */
  async flush(): Promise<void> {
    if (this.flushing) await this.flushing;
    const now = Date.now();
    const batch: { key: string; points: number; state: KeyState }[] = [];
    for (const [key, s] of this.states) {
      if (s.windowEnd !== 0 && now >= s.windowEnd && s.pending === 0 && s.sending === 0) this.states.delete(key);
      else if (s.pending > 0) {
        batch.push({ key, points: s.pending, state: s });
        s.sending += s.pending;
        s.pending = 0;
      }
    }
    if (batch.length === 0) return;
    this.flushing = (async () => {
      let answers: Map<string, StoredCount> | null = null;
      try {
        answers = await this.add(batch.map(({ key, points }) => ({ key, points })));
      } catch (e) {
        this.onStoreError(e);
      }
      const at = Date.now();
      for (const { key, points, state } of batch) {
        state.sending -= points;
        const answer = answers?.get(key);
        if (answer) this.learn(state, answer, at);
        else state.known += points; // not stored: remembered here so that this instance still limits
      }
    })();
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
    }
  }
}
