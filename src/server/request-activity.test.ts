import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { RequestActivity } from "./request-activity";

const activity = new RequestActivity();
/** Answers when told to, so that a request can be held in flight. */
let answer: () => void = () => undefined;
const server = http.createServer((_req, res) => {
  activity.track(res);
  answer = () => res.end("ok");
});
const listening = new Promise<string>((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
afterAll(() => new Promise((r) => server.close(r)));

const quiet = () => new Promise((r) => setTimeout(r, 150));
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((r) => setTimeout(r, 5));
};

describe("request activity (the in-process worker's budget asks it)", () => {
  it("a read in flight is busy, and for a moment after its answer; then quiet", async () => {
    const url = await listening;
    await quiet();
    expect(activity.busy()).toBe(false);
    const read = fetch(`${url}/v2/employees/`);
    await until(() => activity.busy());
    answer();
    await (await read).text();
    expect(activity.busy()).toBe(true);
    await quiet();
    expect(activity.busy()).toBe(false);
  });

  it("a write counts too: background work yields to requests of every kind", async () => {
    const url = await listening;
    await quiet();
    let arrived = false;
    server.once("request", () => (arrived = true));
    const write = fetch(`${url}/v2/employees/`, { method: "POST", body: "{}" });
    await until(() => arrived);
    expect(activity.busy()).toBe(true);
    answer();
    await (await write).text();
    expect(activity.busy()).toBe(true);
    await quiet();
    expect(activity.busy()).toBe(false);
  });
});
