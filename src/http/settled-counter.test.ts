import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SettledCounter, type AddPoints, type StoredCount } from "./settled-counter";

/** A shared store with the fixed-window rule of the real ones, recording each round trip. */
function windowStore(durationMs: number) {
  const rows = new Map<string, { count: number; expire: number }>();
  const calls: { key: string; points: number }[][] = [];
  let failing = false;
  const add: AddPoints = async (entries) => {
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
  return { add, calls, rows, fail: (on: boolean) => void (failing = on) };
}

const never = () => undefined;

describe("SettledCounter", () => {
  // The clock and the flush timer are faked (windows, the flush interval); promises and setImmediate run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("asks the store for a key's first request, then admits locally up to half the limit and settles in one batch", async () => {
    const store = windowStore(60_000);
    const counter = new SettledCounter(10, 60, store.add, never, 60_000);
    for (let i = 0; i < 5; i++) expect((await counter.take("a")).allowed).toBe(true);
    await counter.take("b");
    expect(store.calls).toEqual([[{ key: "a", points: 1 }], [{ key: "b", points: 1 }]]);
    await counter.flush();
    expect(store.calls[2]).toEqual([{ key: "a", points: 4 }]);
    expect(store.rows.get("a")?.count).toBe(5);
  });

  it("counts a request's cost (a tRPC batch's calls) in points, locally and in the store, and refuses what would pass the limit", async () => {
    const store = windowStore(60_000);
    const counter = new SettledCounter(10, 60, store.add, never, 60_000);
    expect(await counter.take("a", 3)).toMatchObject({ allowed: true, remaining: 7 });
    expect(await counter.take("a", 2)).toMatchObject({ allowed: true, remaining: 5 });
    await counter.flush();
    expect(store.rows.get("a")?.count).toBe(5);
    expect(await counter.take("a", 4)).toMatchObject({ allowed: true, remaining: 1 });
    expect(await counter.take("a", 2)).toMatchObject({ allowed: false, remaining: 0 });
    expect(await counter.take("a", 1)).toMatchObject({ allowed: true, remaining: 0 });
  });

  it("answers a local verdict at once, without a promise; only a request that asks the store waits", async () => {
    const store = windowStore(60_000);
    const counter = new SettledCounter(10, 60, store.add, never, 60_000);
    expect(counter.take("a")).toBeInstanceOf(Promise); // the window's first request asks the store
    await counter.flush();
    await new Promise((r) => setImmediate(r));
    for (let i = 0; i < 4; i++) expect(counter.take("a")).toMatchObject({ allowed: true, remaining: 10 - 2 - i });
    expect(counter.take("a")).toBeInstanceOf(Promise); // the upper half asks on every request
  });

  it("asks on every request in the upper half, so two instances together admit exactly the limit", async () => {
    const store = windowStore(60_000);
    const one = new SettledCounter(10, 60, store.add, never, 60_000);
    const two = new SettledCounter(10, 60, store.add, never, 60_000);
    const admitted: boolean[] = [];
    for (let i = 0; i < 8; i++) {
      admitted.push((await one.take("k")).allowed);
      admitted.push((await two.take("k")).allowed);
    }
    expect(admitted.filter(Boolean)).toHaveLength(10);
  });

  it("refuses from memory once over the limit, with the time left in the window", async () => {
    const store = windowStore(60_000);
    const counter = new SettledCounter(2, 60, store.add, never, 60_000);
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
    const store = windowStore(50);
    const counter = new SettledCounter(1, 0.05, store.add, never, 60_000);
    expect((await counter.take("k")).allowed).toBe(true);
    expect((await counter.take("k")).allowed).toBe(false);
    await vi.advanceTimersByTimeAsync(49);
    expect(await counter.take("k")).toEqual({ allowed: false, remaining: 0, msBeforeNext: 1 });
    await vi.advanceTimersByTimeAsync(1);
    expect(await counter.take("k")).toEqual({ allowed: true, remaining: 0, msBeforeNext: 50 });
  });

  it("keeps limiting in memory while the store fails, and says so", async () => {
    const store = windowStore(60_000);
    store.fail(true);
    const errors: unknown[] = [];
    const counter = new SettledCounter(5, 60, store.add, (e) => errors.push(e), 60_000);
    const verdicts: boolean[] = [];
    for (let i = 0; i < 7; i++) verdicts.push((await counter.take("k")).allowed);
    await counter.flush();
    expect(verdicts).toEqual([true, true, true, true, true, false, false]);
    // Every failed round trip is reported, once, with the store's own error.
    expect(errors).toHaveLength(store.calls.length);
    expect(errors.map((e) => (e as Error).message)).toEqual(store.calls.map(() => "store down"));
  });

  it("settles by itself after the flush interval", async () => {
    const store = windowStore(60_000);
    const counter = new SettledCounter(100, 60, store.add, never, 10);
    for (let i = 0; i < 4; i++) await counter.take("k");
    expect(store.rows.get("k")?.count).toBe(1); // the first request asked; three wait for the flush
    await vi.advanceTimersByTimeAsync(9);
    expect(store.rows.get("k")?.count).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.rows.get("k")?.count).toBe(4);
    expect(store.calls).toEqual([[{ key: "k", points: 1 }], [{ key: "k", points: 3 }]]);
  });
});
