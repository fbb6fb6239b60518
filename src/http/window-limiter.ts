/**
 * The one implementation of `Limiter`: fixed windows, counted in this process and, with a store, shared with
 * every instance through it.
 *
 * Without a store (the embedded database: one process) it counts in memory alone. With one, per key and window
 * an instance asks the store once (the window's first take here), then admits locally while its picture of the
 * key (the store's count at the last answer plus what it admitted since) is within `localShare` of the limit,
 * and sends what it admitted every `flushMs` in one batch for all keys. Past that it asks the store on every
 * take; a key over its limit is refused from memory until its window ends. The price of the API's share of 0.5
 * is a bounded overshoot: the store judges an ask without what other instances admitted locally and have not sent
 * yet (at most `localShare` of the limit each, less what the store had counted at their last answer, and sent
 * within `flushMs` or with their next ask), so N instances can together pass the limit by up to (N - 1) halves of
 * it; two instances that interleave requests that closely pass a limit of 5 by 1. A share of 0 (sign-in) makes
 * every take one atomic addition in the store, exact.
 */
import type { LimitAnswer, Limiter } from "./limiter";

/** A key's count in the store after an addition, and the time until its window ends. */
export interface StoredCount {
  count: number;
  msLeft: number;
}

/** Where counters are shared between instances (PostgreSQL or Redis: `./limit-stores.ts`). */
export interface CounterStore {
  /** Adds points to many keys in one round trip (a new or ended window lasts `windowMs`); an answer per key sent. */
  add(entries: ReadonlyArray<{ key: string; points: number }>, windowMs: number): Promise<Map<string, StoredCount>>;
  /** Deletes a key's counter. */
  remove(key: string): Promise<void>;
}

export interface WindowOptions {
  /** Points per window. */
  points: number;
  windowSeconds: number;
  /** The store's keys are `prefix:key`, so that limiters never collide. */
  prefix: string;
  /** Null: this process's memory alone. */
  store: CounterStore | null;
  /** The part of the limit an instance may admit without asking the store (default 0.5; 0: it always asks). */
  localShare?: number;
  /** Called when the store fails; counting then goes on in this instance's memory. */
  onStoreError: (e: unknown) => void;
  /** How often admitted points are sent to the store (and ended windows forgotten). */
  flushMs?: number;
}

interface KeyState {
  /** When the window ends, as this instance knows it (ms since the epoch); 0 until the store has answered. */
  windowEnd: number;
  /** The store's count at its last answer (without a store: the count). */
  known: number;
  /** Admitted here and not yet sent to the store. */
  pending: number;
  /** Sent in a flush that has not answered yet. */
  sending: number;
}

export class WindowLimiter implements Limiter {
  readonly points: number;
  private readonly states = new Map<string, KeyState>();
  private readonly windowMs: number;
  private readonly store: CounterStore | null;
  /** What an instance admits without asking: the whole limit without a store. */
  private readonly localPoints: number;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(private readonly opts: WindowOptions) {
    this.points = opts.points;
    this.windowMs = opts.windowSeconds * 1000;
    this.store = opts.store;
    this.localPoints = opts.store ? opts.points * (opts.localShare ?? 0.5) : opts.points;
  }

  take(key: string, cost = 1): LimitAnswer | Promise<LimitAnswer> {
    // Wall-clock on purpose: rate limits count real requests in real windows, never a demo clock (docs/architecture.md, Time).
    const now = Date.now();
    let s = this.states.get(key);
    if (!s || (s.windowEnd !== 0 && now >= s.windowEnd)) {
      // A new window: what was admitted in the old one and not yet sent no longer matters.
      s = { windowEnd: this.store ? 0 : now + this.windowMs, known: 0, pending: 0, sending: 0 };
      this.states.set(key, s);
      this.scheduleFlush(); // which forgets the windows that have ended
    }
    const used = s.known + s.pending + s.sending;
    if (s.windowEnd !== 0 && used + cost > this.points) return { allowed: false, remaining: 0, msBeforeNext: s.windowEnd - now };
    if (s.windowEnd !== 0 && used + cost <= this.localPoints) {
      if (this.store) {
        s.pending += cost;
        this.scheduleFlush();
      } else s.known += cost;
      return { allowed: true, remaining: this.points - used - cost, msBeforeNext: s.windowEnd - now };
    }
    return this.ask(key, s, cost);
  }

  async giveBack(key: string, points = 1): Promise<void> {
    const s = this.states.get(key);
    if (s) s.known = Math.max(0, s.known - points);
    await this.send([{ key, points: -points }]);
  }

  async clear(key: string): Promise<void> {
    this.states.delete(key);
    try {
      await this.store?.remove(this.storeKey(key));
    } catch (e) {
      this.opts.onStoreError(e);
    }
  }

  private storeKey(key: string): string {
    return `${this.opts.prefix}:${key}`;
  }

  /** Adds to the store's counts; null without a store or when it fails (reported). */
  private async send(batch: ReadonlyArray<{ key: string; points: number }>): Promise<Map<string, StoredCount> | null> {
    if (!this.store) return null;
    try {
      return await this.store.add(
        batch.map(({ key, points }) => ({ key: this.storeKey(key), points })),
        this.windowMs,
      );
    } catch (e) {
      this.opts.onStoreError(e);
      return null;
    }
  }

  /** Asks the store for this take, sending along what the key has admitted here since the last flush. */
  private async ask(key: string, s: KeyState, cost: number): Promise<LimitAnswer> {
    const carried = s.pending;
    s.pending = 0;
    s.sending += carried + cost;
    const answer = (await this.send([{ key, points: carried + cost }]))?.get(this.storeKey(key));
    s.sending -= carried + cost;
    const now = Date.now();
    if (!answer) {
      // The store is unreachable: count in memory alone until it answers again.
      if (s.windowEnd === 0) s.windowEnd = now + this.windowMs;
      const count = s.known + s.pending + s.sending + carried + cost;
      s.known += carried + (count <= this.points ? cost : 0);
      return this.answer(count, s.windowEnd - now);
    }
    this.learn(s, answer, now);
    return this.answer(answer.count, answer.msLeft);
  }

  private answer(count: number, msLeft: number): LimitAnswer {
    const allowed = count <= this.points;
    return { allowed, remaining: allowed ? this.points - count : 0, msBeforeNext: Math.max(0, msLeft) };
  }

  /** Takes in a store answer; counts only grow within a window, so an older answer never lowers them. */
  private learn(s: KeyState, answer: StoredCount, now: number): void {
    const windowEnd = now + answer.msLeft;
    const newWindow = s.windowEnd === 0 || windowEnd > s.windowEnd + this.windowMs / 2;
    s.known = newWindow ? answer.count : Math.max(s.known, answer.count);
    if (newWindow) s.windowEnd = windowEnd;
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      void this.flush();
    }, this.opts.flushMs ?? 50);
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
      const answers = await this.send(batch);
      const at = Date.now();
      for (const { key, points, state } of batch) {
        state.sending -= points;
        const answer = answers?.get(this.storeKey(key));
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
