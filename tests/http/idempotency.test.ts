/** Idempotency-Key on POST and PATCH: stored, replayed for 24 hours, scoped, and safe under concurrency. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
});
afterAll(() => app?.close());

const post = (k: string, idem: string, body: Record<string, unknown>) =>
  app.json<Record<string, unknown>>("/v2/integrations/", { method: "POST", key: k, body, headers: { "Idempotency-Key": idem } });

describe("Idempotency-Key", () => {
  it("replays the first response for the same key without repeating the action", async () => {
    const first = await post(key, "k-replay", integrationBody());
    expect(first.status).toBe(201);
    const again = await post(key, "k-replay", integrationBody());
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await app.db.integration.count({ where: { id: String(first.body.id) } })).toBe(1);
  });

  it("replays errors too", async () => {
    const first = await post(key, "k-error", { name: "" });
    expect(first.status).toBe(400);
    const again = await post(key, "k-error", { name: "" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(first.body);
  });

  it("the same key with a different body is a 422", async () => {
    await post(key, "k-mismatch", integrationBody({ name: "One" }));
    const res = await post(key, "k-mismatch", integrationBody({ name: "Two" }));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ detail: "This Idempotency-Key was already used with a different request." });
  });

  it("concurrent requests with one key create one object", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => post(key, "k-concurrent", integrationBody({ name: "Race" }))));
    const ids = new Set(results.map((r) => r.body.id));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await app.db.integration.count({ where: { name: "Race" } })).toBe(1);
  });

  it("keys are scoped to account and environment", async () => {
    const other = await app.newKey("demo");
    const a = await post(key, "k-scope", integrationBody());
    const b = await post(other.key, "k-scope", integrationBody());
    expect(b.status).toBe(201);
    expect(b.body.id).not.toBe(a.body.id);
  });

  it("a key expires after 24 hours and then runs again", async () => {
    const first = await post(key, "k-expire", integrationBody());
    await app.db.idempotencyRecord.updateMany({ where: { key: "k-expire" }, data: { createdAt: new Date(Date.now() - 25 * 3600_000) } });
    const later = await post(key, "k-expire", integrationBody());
    expect(later.status).toBe(201);
    expect(later.body.id).not.toBe(first.body.id);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
  });

  it("PATCH resend with one key twice: 204 and a replayed 204, one email; another key is throttled", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "idem-resend" }) });
    const call = (idem: string) => ({ method: "PATCH", key, headers: { "Integration-ID": "idem-resend", "Idempotency-Key": idem } });
    const created = await app.json("/v2/employees/", {
      ...call("k-create"),
      method: "POST",
      body: { id: "e1", name: "Eva", email: "eva@idem.example", country: "SWE" },
    });
    expect(created.status).toBe(201);
    await app.drainJobs();
    const mails = () => app.mails().filter((m) => m.text.includes("To: eva@idem.example")).length;
    expect(mails()).toBe(1);

    const first = await app.api("/v2/employees/e1/resend/", call("k-resend"));
    expect(first.status).toBe(204);
    const again = await app.api("/v2/employees/e1/resend/", call("k-resend"));
    expect(again.status).toBe(204);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe("");
    await app.drainJobs();
    expect(mails()).toBe(2);

    const other = await app.json("/v2/employees/e1/resend/", call("k-resend-other"));
    expect(other.status).toBe(429);
    // The first resend was moments ago: the next is allowed in 24 hours (in seconds, rounded up).
    expect(Number(other.headers.get("retry-after"))).toBeGreaterThan(86_400 - 60);
    expect(Number(other.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
  });

  it("PATCH with one key and another body is a 422", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "idem-patch" }) });
    const patch = (name: string) =>
      app.json<Record<string, unknown>>("/v2/integrations/idem-patch/", { method: "PATCH", key, body: { name }, headers: { "Idempotency-Key": "k-patch" } });
    const first = await patch("First");
    expect(first.status).toBe(200);
    const replay = await patch("First");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect((await patch("Second")).status).toBe(422);
  });

  it("an invalid key is a 400", async () => {
    const res = await post(key, "x".repeat(300), integrationBody());
    expect(res.status).toBe(400);
  });
});
