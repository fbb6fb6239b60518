/**
 * The one interface of every rate limit: the API's per key and per account, the tRPC callers', the sign-in
 * throttle's. Each counts points per key in fixed windows. How they count is `WindowLimiter`'s
 * (`./window-limiter.ts`); where the counts are shared between instances, the store's (`./limit-stores.ts`);
 * callers get one from `createLimiter` and know nothing of either.
 */

/** A limiter's answer to one take: admitted or not, what is left of the window, and when it ends. */
export interface LimitAnswer {
  allowed: boolean;
  /** Points left in the window after this take (0 when refused). */
  remaining: number;
  /** Until the window ends: when refused, until the key may try again. */
  msBeforeNext: number;
}

export interface Limiter {
  /** The points of one window. */
  readonly points: number;
  /**
   * Takes `cost` points of `key`. The answer comes as it is, not as a promise, whenever the limiter decides
   * without its store, as it does for nearly every request of the API (on that path a promise and its microtask
   * cost more than the counting); a promise only when it asks the store. It never rejects: while the store
   * fails, keys are counted in this process's memory.
   */
  take(key: string, cost?: number): LimitAnswer | Promise<LimitAnswer>;
  /** Gives back points a take took, for an attempt that turned out to cost nothing. */
  giveBack(key: string, points?: number): Promise<void>;
  /** Forgets the key's count. */
  clear(key: string): Promise<void>;
}
