import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RequestActivity } from "./request-activity";

const activity = new RequestActivity();
/** Answers when told to, so that a request can be held in flight; `closed` settles when its response has closed. */
let answer: () => void = () => undefined;
let closed: Promise<void> = Promise.resolve();
const server = http.createServer((_req, res) => {
  activity.track(res);
  closed = new Promise((resolve) => res.once("close", () => resolve()));
  answer = () => res.end("ok");
});
const listening = new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
afterAll(() => new Promise((r) => server.close(r)));

/** Waits (real time) for the socket's side of a request: the clock has nothing to do with it. */
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe("request activity (the in-process worker's budget asks it)", () => {
  // Only Date is faked: the quiet period after an answer is read from it, while sockets and timers run as usual.
  // One fake clock for the file: the activity (and its last answer's time) outlives a test.
  beforeAll(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterAll(() => vi.useRealTimers());

  /** After the last answer the process counts as serving for 100 ms (QUIET_AFTER_MS): busy at 99, quiet at 100. */
  async function expectQuietAfter100ms() {
    await closed;
    expect(activity.busy()).toBe(true);
    vi.advanceTimersByTime(99);
    expect(activity.busy()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(activity.busy()).toBe(false);
  }

  it("a read in flight is busy, and for a moment after its answer; then quiet", async () => {
    const url = await listening;
    expect(activity.busy()).toBe(false);
    const read = fetch(`${url}/v2/employees/`);
    await until(() => activity.busy());
    vi.advanceTimersByTime(60_000);
    expect(activity.busy()).toBe(true); // however long it takes
    answer();
    await (await read).text();
    await expectQuietAfter100ms();
  });

  it("a write counts too: background work yields to requests of every kind", async () => {
    const url = await listening;
    expect(activity.busy()).toBe(false);
    let arrived = false;
    server.once("request", () => (arrived = true));
    const write = fetch(`${url}/v2/employees/`, { method: "POST", body: "{}" });
    await until(() => arrived);
    expect(activity.busy()).toBe(true);
    answer();
    await (await write).text();
    await expectQuietAfter100ms();
  });
});
