import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ALONE_FACTOR, InFlight, MAX_REST_MS, SHARED_FOR_MS, type Queued } from "./in-flight";

const tick = () => new Promise((r) => setImmediate(r));

/** Starts `n` acquisitions of `subject`; answers the ones admitted so far after the current tick. */
async function start(gate: InFlight, subject: string, n: number, write = false) {
  const admitted: boolean[] = [];
  const queued: Queued[] = [];
  for (let i = 0; i < n; i++) {
    const acquired = gate.acquire(subject, write);
    if (typeof acquired === "boolean") admitted.push(acquired);
    else {
      queued.push(acquired);
      void acquired.granted.then((ok) => admitted.push(ok));
    }
  }
  await tick();
  return { admitted, queued };
}

const gateOf = (concurrency: number, queue: number, writeConcurrency = concurrency, writeShare = 1) =>
  new InFlight({ concurrency, writeConcurrency, queue, writeShare });

describe("InFlight", () => {
  // The clock and timers are faked (SHARED_FOR_MS, a write's rest); promises and setImmediate run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout"] }));
  afterEach(() => vi.useRealTimers());

  it("lets an account alone use ALONE_FACTOR times its share, queues the next ones and refuses past the queue", async () => {
    const gate = gateOf(2, 3);
    const { admitted } = await start(gate, "a", 2 * ALONE_FACTOR + 3 + 1);
    expect(admitted.filter((ok) => ok)).toHaveLength(2 * ALONE_FACTOR);
    expect(admitted.filter((ok) => !ok)).toHaveLength(1); // the queue holds 3
    gate.release("a");
    await tick();
    expect(admitted.filter((ok) => ok)).toHaveLength(2 * ALONE_FACTOR + 1); // handed over, in order
  });

  it("answers at once, without a promise, unless the request has to wait", () => {
    const gate = gateOf(1, 1);
    for (let i = 0; i < ALONE_FACTOR; i++) expect(gate.acquire("a")).toBe(true);
    const queued = gate.acquire("a");
    expect(typeof queued).toBe("object");
    expect(gate.acquire("a")).toBe(false); // the queue of 1 is full
  });

  it("admits another account at once, and shrinks the first to its share as its requests finish", async () => {
    const gate = gateOf(2, 100);
    const a = await start(gate, "a", 2 * ALONE_FACTOR + 5);
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR);
    const b = await start(gate, "b", 2);
    expect(b.admitted).toEqual([true, true]);
    // While b is busy, a's finished requests give their slots back until a holds its share of 2.
    for (let i = 0; i < 2 * ALONE_FACTOR - 2; i++) gate.release("a");
    await tick();
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR);
    // From then on a's slots pass to its waiting requests one for one.
    gate.release("a");
    await tick();
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR + 1);
    // Once b is done, and has been gone for SHARED_FOR_MS, a is alone and may borrow up to ALONE_FACTOR times its share.
    gate.release("b");
    gate.release("b");
    gate.release("a");
    await tick();
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR + 2); // still its share: b was here a moment ago
    vi.advanceTimersByTime(SHARED_FOR_MS);
    gate.release("a");
    await tick();
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR + 5); // its 3 still waiting, all at once (1 + 4 <= 8)
  });

  it("keeps a busy account at its share in the gaps between another account's requests", async () => {
    const gate = gateOf(2, 100);
    expect(gate.acquire("b")).toBe(true);
    const a = await start(gate, "a", 6);
    expect(a.admitted).toHaveLength(2);
    // b's request ends and its next one comes a moment later: meanwhile a does not take its alone share.
    gate.release("b");
    gate.release("a");
    await tick();
    expect(gate.stats("a")).toEqual({ active: 2, writes: 0, waiting: 3 });
    vi.advanceTimersByTime(SHARED_FOR_MS - 1);
    expect(gate.acquire("b")).toBe(true);
    expect(gate.stats("a").active).toBe(2);
  });

  it("holds an account's writes to their own share while others are present, reads still passing", async () => {
    const gate = gateOf(4, 100, 1);
    expect(gate.acquire("b")).toBe(true);
    const writes = await start(gate, "a", 3, true);
    expect(writes.admitted).toEqual([true]);
    // Reads of the same account are not held behind its waiting writes.
    const reads = await start(gate, "a", 2);
    expect(reads.admitted).toEqual([true, true]);
    expect(gate.stats("a")).toEqual({ active: 3, writes: 1, waiting: 2 });
    // A write finishing hands its slot to the next write, in order.
    gate.release("a", true);
    await tick();
    expect(writes.admitted).toEqual([true, true]);
    expect(gate.stats("a")).toEqual({ active: 3, writes: 1, waiting: 1 });
  });

  it("lets writes of an account alone use ALONE_FACTOR times their share", async () => {
    const gate = gateOf(8, 100, 2);
    const writes = await start(gate, "a", 2 * ALONE_FACTOR + 1, true);
    expect(writes.admitted).toHaveLength(2 * ALONE_FACTOR);
    expect(gate.stats("a")).toEqual({ active: 2 * ALONE_FACTOR, writes: 2 * ALONE_FACTOR, waiting: 1 });
  });

  it("hands freed slots to the older of an account's waiting read and write", async () => {
    const gate = gateOf(2, 100, 1);
    expect(gate.acquire("b")).toBe(true);
    const order: string[] = [];
    expect(gate.acquire("a", true)).toBe(true);
    expect(gate.acquire("a")).toBe(true);
    const write = gate.acquire("a", true);
    const read = gate.acquire("a");
    if (typeof write === "boolean" || typeof read === "boolean") throw new Error("both should wait");
    void write.granted.then(() => order.push("write"));
    void read.granted.then(() => order.push("read"));
    // A read finishes: the waiting write is older but a's write share is taken, so the read goes first.
    gate.release("a");
    await tick();
    expect(order).toEqual(["read"]);
    gate.release("a", true);
    await tick();
    expect(order).toEqual(["read", "write"]);
  });

  it("never starves a waiting account: each release lets the oldest waiting request of its account go", async () => {
    const gate = gateOf(1, 100);
    expect(gate.acquire("b")).toBe(true);
    const a = await start(gate, "a", 5);
    expect(a.admitted).toHaveLength(1);
    for (let i = 1; i < 5; i++) {
      gate.release("a");
      // b keeps sending, and is admitted at once each time; a's queue still moves one for one.
      gate.release("b");
      expect(gate.acquire("b")).toBe(true);
      await tick();
      expect(a.admitted).toHaveLength(i + 1);
    }
  });

  it("takes a cancelled request out of the queue, freeing its place, and ignores a cancel once granted", async () => {
    const gate = gateOf(1, 1);
    for (let i = 0; i < ALONE_FACTOR; i++) expect(gate.acquire("a")).toBe(true);
    const first = gate.acquire("a");
    if (typeof first === "boolean") throw new Error("should wait");
    first.cancel();
    expect(await first.granted).toBe(false);
    expect(gate.stats("a")).toEqual({ active: ALONE_FACTOR, writes: 0, waiting: 0 });
    // Its place in the queue is free again, and a release does not hand a slot to it.
    const second = gate.acquire("a");
    if (typeof second === "boolean") throw new Error("should wait");
    gate.release("a");
    expect(await second.granted).toBe(true);
    second.cancel();
    expect(gate.stats("a")).toEqual({ active: ALONE_FACTOR, writes: 0, waiting: 0 });
  });

  it("rests a busy account's writes while others are present, in proportion to their time, and wakes them after", async () => {
    const gate = gateOf(4, 10, 1, 0.25);
    expect(gate.acquire("b")).toBe(true);
    expect(gate.acquire("a", true)).toBe(true);
    const writes = await start(gate, "a", 1, true);
    // A write of 10 ms at a share of 1/4 earns 30 ms of rest: its successor waits, though a slot is free.
    gate.release("a", true, 10);
    await tick();
    expect(gate.stats("a")).toEqual({ active: 0, writes: 0, waiting: 1 });
    // Reads are not rested.
    expect(gate.acquire("a")).toBe(true);
    gate.release("a");
    // New writes queue behind it, in order.
    const later = await start(gate, "a", 1, true);
    vi.advanceTimersByTime(29);
    await tick();
    expect(writes.admitted).toEqual([]);
    vi.advanceTimersByTime(1); // no release comes: the timer hands the slot over
    await tick();
    expect(writes.admitted).toEqual([true]);
    expect(later.admitted).toEqual([]);
  });

  it("caps a write's rest at MAX_REST_MS (a slow upload is not the database's time)", async () => {
    const gate = gateOf(4, 10, 1, 0.5);
    expect(gate.acquire("b")).toBe(true);
    expect(gate.acquire("a", true)).toBe(true);
    gate.release("a", true, 60_000);
    const next = await start(gate, "a", 1, true);
    vi.advanceTimersByTime(MAX_REST_MS);
    await tick();
    expect(next.admitted).toEqual([true]);
  });

  it("never rests the writes of an account alone", async () => {
    const gate = gateOf(4, 10, 1, 0.25);
    expect(gate.acquire("a", true)).toBe(true);
    gate.release("a", true, 10);
    expect(gate.acquire("a", true)).toBe(true);
  });

  it("forgets an account once it has nothing in flight or waiting", () => {
    const gate = gateOf(1, 1);
    expect(gate.acquire("a", true)).toBe(true);
    gate.release("a", true);
    expect(gate.stats("a")).toEqual({ active: 0, writes: 0, waiting: 0 });
    // Releasing a subject that holds nothing is harmless.
    gate.release("nobody");
    expect(gate.acquire("a")).toBe(true);
  });

  it("while another account is present, holds writes while the event loop is busier than loopBusyMax, and starts them once it has room", async () => {
    let busy = 0.95;
    const gate = new InFlight({ concurrency: 8, writeConcurrency: 1, queue: 8, loopBusyMax: 0.9, loopBusy: () => busy });
    // Alone, the loop's load does not matter.
    expect(gate.acquire("a", true)).toBe(true);
    gate.release("a", true, 1);
    // Another account's request arrives (and is answered at once): the two now share the instance.
    expect(gate.acquire("b")).toBe(true);
    gate.release("b");
    const write = gate.acquire("a", true);
    expect(typeof write).toBe("object");
    // Reads are never held for the loop's load.
    expect(gate.acquire("a")).toBe(true);
    gate.release("a");
    let granted = false;
    if (typeof write === "object") void write.granted.then((ok) => (granted = ok));
    await vi.advanceTimersByTimeAsync(20);
    expect(granted).toBe(false);
    busy = 0.5;
    await vi.advanceTimersByTimeAsync(20);
    await tick();
    expect(granted).toBe(true);
  });
});
