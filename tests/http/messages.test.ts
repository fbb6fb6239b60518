/** Messages through /v2/: list, create, retrieve; other methods are 405. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const headers = { "Integration-ID": "msg-int" };
type Message = { id: string; employees: string[]; content: string; created_at: string; metadata: Record<string, unknown> };

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "msg-int" }) });
  for (const id of ["m1", "m2", "m3"]) {
    await app.json("/v2/employees/", { method: "POST", key, headers, body: { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" } });
  }
});
afterAll(() => app?.close());

describe("Messages", () => {
  it("creates (201), retrieves and lists newest first", async () => {
    const first = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m1", "m2"], content: "Shift moved to 9:00" } });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ employees: ["m1", "m2"], content: "Shift moved to 9:00", metadata: {} });
    const second = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { id: 42, employees: ["m3"], content: "Welcome" } });
    expect(second.body.id).toBe("42");
    expect((await app.json<Message>(`/v2/messages/${first.body.id}/`, { key, headers })).body).toEqual(first.body);
    const list = await app.json<{ count: number; results: Message[] }>("/v2/messages/", { key, headers });
    expect(list.body.results.map((m) => m.content)).toEqual(["Welcome", "Shift moved to 9:00"]);
    const toM3 = await app.json<{ results: Message[] }>("/v2/messages/?employee=m3", { key, headers });
    expect(toM3.body.results.map((m) => m.id)).toEqual(["42"]);
  });

  it("an unknown Employee id is a field error; empty or missing fields too", async () => {
    const res = await app.json("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m1", "ghost"], content: "Hi" } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ employees: ['Object with id "ghost" does not exist.'] });
    const empty = await app.json("/v2/messages/", { method: "POST", key, headers, body: { employees: [], content: "" } });
    expect(Object.keys(empty.body).sort()).toEqual(["content", "employees"]);
  });

  it("a single form value fills the employees list", async () => {
    const form = new URLSearchParams({ employees: "m2", content: "From a form" });
    const res = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: form });
    expect(res.status).toBe(201);
    expect(res.body.employees).toEqual(["m2"]);
  });

  it("a renamed Employee keeps their Messages", async () => {
    await app.json("/v2/employees/m1/", { method: "PATCH", key, headers, body: { id: "m1-renamed" } });
    const list = await app.json<{ results: Message[] }>("/v2/messages/?employee=m1-renamed", { key, headers });
    expect(list.body.results.length).toBeGreaterThan(0);
  });

  it("other methods answer 405 with Allow", async () => {
    const created = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m2"], content: "x" } });
    for (const method of ["PATCH", "PUT", "DELETE"]) {
      const res = await app.json(`/v2/messages/${created.body.id}/`, { method, key, headers, body: method === "DELETE" ? undefined : {} });
      expect(res.status, method).toBe(405);
      expect(res.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
    }
  });

  it("Messages of another Integration answer 404", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "msg-int-2" }) });
    const created = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m2"], content: "private" } });
    expect((await app.api(`/v2/messages/${created.body.id}/`, { key, headers: { "Integration-ID": "msg-int-2" } })).status).toBe(404);
    const res = await app.json("/v2/messages/", { method: "POST", key, headers: { "Integration-ID": "msg-int-2" }, body: { employees: ["m2"], content: "x" } });
    expect(res.body).toEqual({ employees: ['Object with id "m2" does not exist.'] });
  });
});

describe("housekeeping", () => {
  it("finished outbox jobs are removed after a week; unfinished ones never", async () => {
    const { purgeFinishedJobs } = await import("@/domain/outbox/outbox-service");
    await app.drainJobs();
    const finished = await app.db.outboxJob.count({ where: { completedAt: { not: null } } });
    expect(finished).toBeGreaterThan(0);
    expect(await purgeFinishedJobs(app.db)).toBe(0);
    const pending = await app.db.outboxJob.create({ data: { kind: "test.never", payload: {}, runAt: new Date(Date.now() + 86_400_000) } });
    const inEightDays = new Date(Date.now() + 8 * 24 * 3600_000);
    expect(await purgeFinishedJobs(app.db, inEightDays)).toBe(finished);
    expect(await app.db.outboxJob.findUnique({ where: { pk: pending.pk } })).not.toBeNull();
  });
});
