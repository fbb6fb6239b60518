import { describe, expect, it } from "vitest";
import { ALONE_FACTOR, InFlight } from "./in-flight";

/** Starts `n` acquisitions of `subject`; answers the ones admitted so far after the current tick. */
async function start(gate: InFlight, subject: string, n: number) {
  const admitted: boolean[] = [];
  const results = Array.from({ length: n }, () => Promise.resolve(gate.acquire(subject)).then((ok) => admitted.push(ok)));
  await new Promise((r) => setImmediate(r));
  return { admitted, results };
}

describe("InFlight", () => {
  it("lets an account alone use ALONE_FACTOR times its share, queues the next ones and refuses past the queue", async () => {
    const gate = new InFlight(2, 3);
    const { admitted } = await start(gate, "a", 2 * ALONE_FACTOR + 3 + 1);
    expect(admitted.filter((ok) => ok)).toHaveLength(2 * ALONE_FACTOR);
    expect(admitted.filter((ok) => !ok)).toHaveLength(1); // the queue holds 3
    gate.release("a");
    await new Promise((r) => setImmediate(r));
    expect(admitted.filter((ok) => ok)).toHaveLength(2 * ALONE_FACTOR + 1); // handed over, in order
  });

  it("answers at once, without a promise, unless the request has to wait", () => {
    const gate = new InFlight(1, 1);
    for (let i = 0; i < ALONE_FACTOR; i++) expect(gate.acquire("a")).toBe(true);
    expect(gate.acquire("a")).toBeInstanceOf(Promise);
    expect(gate.acquire("a")).toBe(false); // the queue of 1 is full
  });

  it("admits another account at once, and shrinks the first to its share as its requests finish", async () => {
    const gate = new InFlight(2, 100);
    const a = await start(gate, "a", 2 * ALONE_FACTOR + 5);
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR);
    const b = await start(gate, "b", 2);
    expect(b.admitted).toEqual([true, true]);
    // While b is busy, a's finished requests give their slots back until a holds its share of 2.
    for (let i = 0; i < 2 * ALONE_FACTOR - 2; i++) gate.release("a");
    await new Promise((r) => setImmediate(r));
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR);
    // From then on a's slots pass to its waiting requests one for one.
    gate.release("a");
    await new Promise((r) => setImmediate(r));
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR + 1);
    // Once b is done, a is alone again and may borrow up to ALONE_FACTOR times its share at once.
    gate.release("b");
    gate.release("b");
    await new Promise((r) => setImmediate(r));
    expect(a.admitted).toHaveLength(2 * ALONE_FACTOR + 5); // its 4 still waiting, all at once (2 + 4 <= 8)
  });
});
