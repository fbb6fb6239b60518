/**
 * An advance of the demo clock is seen at once by every instance on the same PostgreSQL database: a script that
 * advances through one instance and at once calls another (behind nginx, say) gets the new time there, with no
 * window in which the other instance still uses the old offset. The second instance is a process of its own
 * (tests/support/api-server.ts): two apps in this process would share its module state and hide a per-process
 * memo (PostgreSQL only: the embedded database has one process). On either database, one instance reads each
 * advance at its next request, also one committed with a request's transaction.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServerProcess, type ApiServerProcess } from "../support/api-server-process";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";

type Clock = { now: string; offset_seconds: number };
type Employee = { id: string; created_at: string };

describe.skipIf(TEST_DB !== "pg")("the demo clock across instances (TEST_DB=pg)", () => {
  let a: TestApp;
  let other: ApiServerProcess;
  let key: string;

  beforeAll(async () => {
    a = await startTestApp();
    other = await startApiServerProcess({ DATABASE_URL: a.databaseUrl ?? "", DATABASE_DIRECT_URL: a.databaseDirectUrl ?? "" });
    ({ key } = await a.newKey("demo"));
    expect((await a.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "clock-b" }) })).status).toBe(201);
  });
  afterAll(async () => {
    other?.child.kill("SIGKILL");
    await a?.close();
  });

  const onOther = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${other.url}${path}`, {
      method: init.method ?? "GET",
      headers: { Authorization: `Token ${key}`, "Content-Type": "application/json", "Integration-ID": "clock-b" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const body: unknown = await res.json();
    expect(res.status, JSON.stringify(body)).toBeLessThan(300);
    return body as T;
  };

  it("the other instance reads the new offset right after an advance, in its clock and in what it writes", async () => {
    // Ids of this attempt's own: a retry (test-all.mjs) creates its Employees again beside the first attempt's.
    const attempt = crypto.randomUUID().slice(0, 8);
    for (const [i, seconds] of [3600, 86_400, 7 * 86_400].entries()) {
      // The other instance has just read the account's offset (what a memo would keep) ...
      const before = await onOther<Clock>("/v2/test_helpers/clock/");
      // ... when an advance commits on this one; its very next request follows the new offset.
      const advanced = await a.json<Clock>("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds } });
      expect(advanced.status).toBe(200);
      expect(advanced.body.offset_seconds).toBe(before.offset_seconds + seconds);
      const after = await onOther<Clock>("/v2/test_helpers/clock/");
      expect(after.offset_seconds).toBe(advanced.body.offset_seconds);
      const created = await onOther<Employee>("/v2/employees/", {
        method: "POST",
        body: { id: `clk-${attempt}-${i}`, name: "Clock Instance", email: `clk-${attempt}-${i}@example.se`, country: "SWE" },
      });
      expect(Math.abs(Date.parse(created.created_at) - Date.parse(advanced.body.now))).toBeLessThan(60_000);
    }
  });
});

describe("the demo clock on one instance, either database", () => {
  let app: TestApp;
  let key: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ key } = await app.newKey("demo"));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the next request reads an advance, sent alone or in a request's transaction (Idempotency-Key)", async () => {
    const read = async () => (await app.json<Clock>("/v2/test_helpers/clock/", { key })).body.offset_seconds;
    expect(await read()).toBe(0);
    expect((await app.json("/v2/test_helpers/clock/advance/", { method: "POST", key, body: { seconds: 60 } })).status).toBe(200);
    expect(await read()).toBe(60);
    // A keyed advance commits with its request, after the service returns: the request answers once this
    // instance has heard it (the wait after the commit). Repeated, because a missed wait shows as a race.
    for (let i = 1; i <= 15; i++) {
      const keyed = await app.json("/v2/test_helpers/clock/advance/", {
        method: "POST",
        key,
        headers: { "Idempotency-Key": `adv-${i}` },
        body: { seconds: 60 },
      });
      expect(keyed.status).toBe(200);
      expect(await read()).toBe(60 + 60 * i);
    }
  });
});
