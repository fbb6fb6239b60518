import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WindowLimiter, type CounterStore, type StoredCount } from "./window-limiter";

/** A shared store with the fixed-window rule of the real ones, recording each round trip. */
function windowStore() {
  const rows = new Map<string, { count: number; expire: number }>();
  const calls: { key: string; points: number }[][] = [];
  let failing = false;
  const add: CounterStore["add"] = async (entries, durationMs) => {
    calls.push([...entries]);
    if (failing) throw new Error("store down");
    const now = Date.now();
    const out = new Map<string, StoredCount>();
    for (const { key, points } of entries) {
      const row = rows.get(key);
      const next = !row || row.expire <= now ? { count: points, expire: now + durationMs } : { count: row.count + points, expire: row.expire };
      rows.set(key, next);
      out.set(key, { count: next.count, msLeft: next.expire - now });
    }
    return out;
  };
  const remove = async (key: string) => void rows.delete(key);
  return { add, remove, calls, rows, fail: (on: boolean) => void (failing = on) };
}

const never = () => undefined;

/** A limiter of `points` per `windowSeconds` on `store` (null: memory alone), keys prefixed "t". */
function limiter(points: number, windowSeconds: number, store: CounterStore | null, flushMs: number, onStoreError: (e: unknown) => void = never) {
  return new WindowLimiter({ points, windowSeconds, prefix: "t", store, onStoreError, flushMs });
}

describe("WindowLimiter", () => {
  // The clock and the flush timer are faked (windows, the flush interval); promises and setImmediate run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("asks the store for a key's first request, then admits locally up to half the limit and settles in one batch", async () => {
    const store = windowStore();
    const counter = limiter(10, 60, store, 60_000);
    for (let i = 0; i < 5; i++) expect((await counter.take("a")).allowed).toBe(true);
    await counter.take("b");
    expect(store.calls).toEqual([[{ key: "t:a", points: 1 }], [{ key: "t:b", points: 1 }]]);
    await counter.flush();
    expect(store.calls[2]).toEqual([{ key: "t:a", points: 4 }]);
    expect(store.rows.get("t:a")?.count).toBe(5);
  });

  it("counts a request's cost (a tRPC batch's calls) in points, locally and in the store, and refuses what would pass the limit", async () => {
    const store = windowStore();
    const counter = limiter(10, 60, store, 60_000);
    expect(await counter.take("a", 3)).toMatchObject({ allowed: true, remaining: 7 });
    expect(await counter.take("a", 2)).toMatchObject({ allowed: true, remaining: 5 });
    await counter.flush();
    expect(store.rows.get("t:a")?.count).toBe(5);
    expect(await counter.take("a", 4)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await counter.take("a", 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await counter.take("a", 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("answers a local verdict at once, without a promise; only a request that asks the store waits", async () => {
    const store = windowStore();
    const counter = limiter(10, 60, store, 60_000);
    expect(counter.take("a")).toBeInstanceOf(Promise); // the window's first request asks the store
    await counter.flush();
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 4; i++) expect(counter.take("a")).toMatchObject({ allowed: true, remaining: 10 - 2 - i });
    expect(counter.take("a")).toBeInstanceOf(Promise); // the upper half asks on every request
  });

  it("asks on every request in the upper half, so two instances together admit exactly the limit", async () => {
    const store = windowStore();
    const one = limiter(10, 60, store, 60_000);
    const two = limiter(10, 60, store, 60_000);
    const admitted: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      admitted.push((await one.take("k")).allowed);
      admitted.push((await two.take("k")).allowed);
    }
    expect(admitted.filter(Boolean)).toHaveLength(10);
  });

  it("refuses from memory once over the limit, with the time left in the window", async () => {
    const store = windowStore();
    const counter = limiter(2, 60, store, 60_000);
    await counter.take("k");
    await counter.take("k");
    const refused = await counter.take("k");
    expect(refused).toEqual({ allowed: false, remaining: 0, msBeforeNext: 60_000 });
    const trips = store.calls.length;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await counter.take("k")).toEqual({ allowed: false, remaining: 0, msBeforeNext: 59_000 });
    expect(store.calls.length).toBe(trips);
  });

  it("starts a key again when its window ends", async () => {
    const store = windowStore();
    const counter = limiter(1, 0.05, store, 60_000);
    expect((await counter.take("k")).allowed).toBe(true);
    expect((await counter.take("k")).allowed).toBe(false);
    await vi.advanceTimersByTimeAsync(49);
    expect(await counter.take("k")).toEqual({ allowed: false, remaining: 0, msBeforeNext: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await counter.take("k")).toEqual({ allowed: true, remaining: 0, msBeforeNext: 50 });
  });

  it("keeps limiting in memory while the store fails, and says so", async () => {
    const store = windowStore();
    store.fail(true);
    const errors: unknown[] = [];
    const counter = limiter(5, 60, store, 60_000, (e) => errors.push(e));
    const verdicts: boolean[] = [];
    for (let i = 0; i < 7; i++) verdicts.push((await counter.take("k")).allowed);
    await counter.flush();
    expect(verdicts).toEqual([true, true, true, true, true, false, false]);
    // Every failed round trip is reported, once, with the store's own error.
    expect(errors).toHaveLength(store.calls.length);
    expect(errors.map((e) => (e as Error).message)).toEqual(store.calls.map(() => "store down"));
  });

  it("settles by itself after the flush interval", async () => {
    const store = windowStore();
    const counter = limiter(100, 60, store, 10);
    for (let i = 0; i < 4; i++) await counter.take("k");
    expect(store.rows.get("t:k")?.count).toBe(1); // the first request asked; three wait for the flush
    await vi.advanceTimersByTimeAsync(9);
    expect(store.rows.get("t:k")?.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.rows.get("t:k")?.count).toBe(4);
    expect(store.calls).toEqual([[{ key: "t:k", points: 1 }], [{ key: "t:k", points: 3 }]]);
  });

  it("without a store, counts in memory alone and always answers at once", async () => {
    const counter = limiter(2, 60, null, 60_000);
    expect(counter.take("k")).toEqual({ allowed: true, remaining: 1, msBeforeNext: 60_000 });
    expect(counter.take("k")).toEqual({ allowed: true, remaining: 0, msBeforeNext: 60_000 });
    expect(counter.take("k")).toEqual({ allowed: false, remaining: 0, msBeforeNext: 60_000 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(counter.take("k")).toMatchObject({ allowed: true, remaining: 1 });
  });

  it("with a local share of 0, asks the store on every take (sign-in: each attempt counts everywhere at once)", async () => {
    const store = windowStore();
    const counter = new WindowLimiter({ points: 3, windowSeconds: 60, prefix: "t", store, localShare: 0, onStoreError: never });
    for (let i = 0; i < 3; i++) expect(counter.take("k")).toBeInstanceOf(Promise);
    await counter.flush();
    expect(store.calls).toEqual([[{ key: "t:k", points: 1 }], [{ key: "t:k", points: 1 }], [{ key: "t:k", points: 1 }]]);
  });

  it("gives points back and clears a key, in the store and in memory", async () => {
    const store = windowStore();
    const shared = new WindowLimiter({ points: 2, windowSeconds: 60, prefix: "t", store, localShare: 0, onStoreError: never });
    const alone = limiter(2, 60, null, 60_000);
    for (const counter of [shared, alone]) {
      await counter.take("k");
      await counter.take("k");
      expect((await counter.take("k")).allowed).toBe(false);
      await counter.giveBack("k", 2);
      expect((await counter.take("k")).allowed).toBe(true);
      await counter.clear("k");
      expect(await counter.take("k")).toMatchObject({ allowed: true, remaining: 1 });
    }
    expect(store.rows.get("t:k")?.count).toBe(1);
  });
});
