/** Messages through /v2/: list, create, retrieve, update, replace, delete; what Employees see in the employee app. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";

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
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ employees: ["This field is required."], content: ["This field may not be blank."] });
  });

  it("a single form value fills the employees list", async () => {
    const form = new URLSearchParams({ employees: "m2", content: "From a form" });
    const res = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: form });
    expect(res.status).toBe(201);
    expect(res.body.employees).toEqual(["m2"]);
  });

  it("a renamed Employee keeps their Messages", async () => {
    await app.json("/v2/employees/", { method: "POST", key, headers, body: { id: "m4", name: "Person m4", email: "m4@example.se", country: "SWE" } });
    const sent = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m2", "m4"], content: "Before the rename" } });
    expect(sent.status).toBe(201);
    await app.json("/v2/employees/m4/", { method: "PATCH", key, headers, body: { id: "m4-renamed" } });
    const list = await app.json<{ results: Message[] }>("/v2/messages/?employee=m4-renamed", { key, headers });
    // The one Message sent to m4, which now names the new id.
    expect(list.body.results).toEqual([{ ...sent.body, employees: ["m2", "m4-renamed"] }]);
    const old = await app.json<{ results: Message[] }>("/v2/messages/?employee=m4", { key, headers });
    expect(old.status).toBe(200);
    expect(old.body.results).toEqual([]); // the old id names nobody now
  });

  it("other methods answer 405 with Allow", async () => {
    const created = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m2"], content: "x" } });
    const res = await app.json(`/v2/messages/${created.body.id}/`, { method: "POST", key, headers, body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH, PUT, DELETE, HEAD, OPTIONS");
    const list = await app.json("/v2/messages/", { method: "DELETE", key, headers });
    expect(list.status).toBe(405);
    expect(list.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("Messages of another Integration answer 404", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "msg-int-2" }) });
    const created = await app.json<Message>("/v2/messages/", { method: "POST", key, headers, body: { employees: ["m2"], content: "private" } });
    expect((await app.api(`/v2/messages/${created.body.id}/`, { key, headers: { "Integration-ID": "msg-int-2" } })).status).toBe(404);
    const res = await app.json("/v2/messages/", { method: "POST", key, headers: { "Integration-ID": "msg-int-2" }, body: { employees: ["m2"], content: "x" } });
    expect(res.body).toEqual({ employees: ['Object with id "m2" does not exist.'] });
  });
});

describe("Messages: retrieve, update, replace, delete", () => {
  const edit = { "Integration-ID": "msg-edit" };
  const url = (id: string) => `/v2/messages/${id}/`;
  const send = (body: Record<string, unknown>) => app.json<Message>("/v2/messages/", { method: "POST", key, headers: edit, body });
  const call = (method: string, id: string, body?: unknown, h: Record<string, string> = edit) => app.json<Message>(url(id), { method, key, headers: h, body });

  beforeAll(async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "msg-edit" }) });
    for (const id of ["e1", "e2", "e3"]) {
      await app.json("/v2/employees/", { method: "POST", key, headers: edit, body: { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" } });
    }
  });

  it("GET retrieves one Message; PATCH changes only the fields it is sent (200)", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Shift at 9", metadata: { shift: 1 } });
    expect((await call("GET", m.id)).body).toEqual(m);

    const content = await call("PATCH", m.id, { content: "Shift at 10" });
    expect(content.status).toBe(200);
    expect(content.body).toEqual({ ...m, content: "Shift at 10" });

    const recipients = await call("PATCH", m.id, { employees: ["e3", "e2", "e2"] });
    expect(recipients.body).toEqual({ ...m, content: "Shift at 10", employees: ["e2", "e3"] });

    const metadata = await call("PATCH", m.id, { metadata: '{"shift": 2}' });
    expect(metadata.body.metadata).toEqual({ shift: 2 });

    const nothing = await call("PATCH", m.id, {});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual({ ...m, content: "Shift at 10", employees: ["e2", "e3"], metadata: { shift: 2 } });
    expect((await call("GET", m.id)).body).toEqual(nothing.body);
  });

  it("PATCH may change the id (the Message moves); an id in use is a field error", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Moving" });
    await send({ id: "taken", employees: ["e1"], content: "Here first" });
    const moved = await call("PATCH", m.id, { id: 77 });
    expect(moved.body.id).toBe("77");
    expect((await call("GET", m.id)).status).toBe(404);
    expect((await call("GET", "77")).body.content).toBe("Moving");
    const clash = await call("PATCH", "77", { id: "taken", content: "lost" });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ id: ["An object with this id already exists."] });
    expect((await call("GET", "77")).body.content).toBe("Moving");
  });

  it("PUT requires employees and content; omitted optional fields are reset as on create", async () => {
    const { body: m } = await send({ id: "put-me", employees: ["e1"], content: "Before", metadata: { a: 1 } });
    const none = await call("PUT", m.id, {});
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ employees: ["This field is required."], content: ["This field is required."] });
    const half = await call("PUT", m.id, { id: m.id, content: "After" });
    expect(half.body).toEqual({ employees: ["This field is required."] });
    expect((await call("GET", m.id)).body).toEqual(m);

    const put = await call("PUT", m.id, { id: m.id, employees: ["e2"], content: "After" });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ ...m, employees: ["e2"], content: "After", metadata: {} });

    // As on create, an omitted id is a new random one, so the Message moves.
    const fresh = await call("PUT", m.id, { employees: ["e2"], content: "Renamed" });
    expect(fresh.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call("GET", m.id)).status).toBe(404);
  });

  it("DELETE answers 204 with an empty body; then the Message is gone (404)", async () => {
    const { body: m } = await send({ employees: ["e1", "e2"], content: "Soon gone" });
    const res = await app.api(url(m.id), { method: "DELETE", key, headers: edit });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await call("GET", m.id)).status).toBe(404);
    expect((await call("PATCH", m.id, { content: "x" })).status).toBe(404);
    expect((await app.api(url(m.id), { method: "DELETE", key, headers: edit })).status).toBe(404);
    const list = await app.json<{ results: Message[] }>("/v2/messages/?page_size=100", { key, headers: edit });
    expect(list.body.results.map((r) => r.id)).not.toContain(m.id);
    // The Employees themselves stay.
    expect((await app.api("/v2/employees/e1/", { key, headers: edit })).status).toBe(200);
  });

  it("updates are validated as create is, in DRF's shape, and change nothing when refused", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Valid", metadata: { keep: true } });
    const cases: [string, unknown, Record<string, unknown>][] = [
      ["PATCH", { employees: ["e1", "ghost", "m2"] }, { employees: ['Object with id "ghost" does not exist.', 'Object with id "m2" does not exist.'] }],
      ["PATCH", { content: "   " }, { content: ["This field may not be blank."] }],
      ["PATCH", { employees: [] }, { employees: expect.any(Array) }],
      ["PATCH", { employees: null, content: null }, { employees: expect.any(Array), content: expect.any(Array) }],
      ["PATCH", { metadata: "[1]" }, { metadata: expect.any(Array) }],
      ["PUT", { employees: ["ghost"], content: "x" }, { employees: ['Object with id "ghost" does not exist.'] }],
      ["PUT", { employees: ["e1"], content: "" }, { content: ["This field may not be blank."] }],
    ];
    for (const [method, body, errors] of cases) {
      const res = await call(method, m.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual(errors);
    }
    expect((await call("GET", m.id)).body).toEqual(m);
  });

  it("concurrent updates of the recipients apply one after the other", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Raced" });
    const sets = [["e1", "e2"], ["e2", "e3"], ["e1", "e3"], ["e1", "e2", "e3"], ["e3"], ["e2"]];
    const results = await Promise.all([...sets, ...sets].map((employees) => call("PATCH", m.id, { employees })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const final = (await call("GET", m.id)).body.employees;
    expect(sets.map((s) => s.join())).toContain(final.join());
  });

  it("a form body works; one value fills the employees list", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Form" });
    const res = await call("PATCH", m.id, new URLSearchParams({ employees: "e3", content: "From a form" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ employees: ["e3"], content: "From a form" });
  });

  it("needs no Idempotency-Key; one sent with PATCH is honoured, with PUT or DELETE ignored", async () => {
    const { body: m } = await send({ employees: ["e1"], content: "Idem" });
    const h = { ...edit, "Idempotency-Key": "msg-edit-key" };
    expect((await call("PATCH", m.id, { content: "one" }, h)).body.content).toBe("one");
    const again = await app.json<Message>(url(m.id), { method: "PATCH", key, headers: h, body: { content: "one" } });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    const other = await app.json(url(m.id), { method: "PATCH", key, headers: h, body: { content: "two" } });
    expect(other.status).toBe(422);
    const put = { ...edit, "Idempotency-Key": "msg-put-key" };
    expect((await call("PUT", m.id, { id: m.id, employees: ["e1"], content: "three" }, put)).body.content).toBe("three");
    const replaced = await app.json<Message>(url(m.id), { method: "PUT", key, headers: put, body: { id: m.id, employees: ["e1"], content: "four" } });
    expect(replaced.headers.get("idempotent-replayed")).toBeNull();
    expect(replaced.body.content).toBe("four");
    expect((await app.api(url(m.id), { method: "DELETE", key, headers: h })).status).toBe(204);
  });

  it("another Integration's or another account's Message is 404 and stays as it was", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "msg-edit-2" }) });
    const { body: m } = await send({ employees: ["e1"], content: "Mine" });
    const other = { "Integration-ID": "msg-edit-2" };
    for (const [method, body] of [["GET"], ["PATCH", { content: "theirs" }], ["PUT", { employees: ["e1"], content: "theirs" }], ["DELETE"]] as const) {
      const res = await call(method, m.id, body, other);
      expect(res.status, method).toBe(404);
      expect(res.body, method).toEqual({ detail: "Not found." });
    }
    const stranger = await app.newKey("demo");
    for (const method of ["GET", "PATCH", "DELETE"]) {
      const res = await app.json(url(m.id), { method, key: stranger.key, headers: edit, body: method === "PATCH" ? { content: "theirs" } : undefined });
      expect(res.status, method).toBe(404);
    }
    const live = await app.newKey("live", { account: stranger.account });
    expect((await app.json(url(m.id), { key: live.key, headers: edit })).status).toBe(404);
    expect((await call("GET", m.id)).body).toEqual(m);
    // An Employee of another Integration cannot be named either.
    await app.json("/v2/employees/", { method: "POST", key, headers: other, body: { id: "x1", name: "Other", email: "x1@example.se", country: "SWE" } });
    expect((await call("PATCH", m.id, { employees: ["x1"] })).body).toEqual({ employees: ['Object with id "x1" does not exist.'] });
  });

  it("the employee app shows the edited Message to its current recipients, and no longer a deleted one", async () => {
    await app.drainJobs();
    const cookies: Record<string, string> = {};
    for (const id of ["e1", "e2"]) {
      const mail = app.mails().find((f) => f.text.includes(`To: ${id}@example.se`));
      const claim = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: magicToken(mail!.text) }, { mutation: true });
      cookies[id] = claim.setCookie!.split(";")[0];
    }
    const seen = async (id: string) =>
      (await trpc<{ messages: { id: string; content: string }[] }>(app, "employeeApp.home", undefined, { cookie: cookies[id] })).data!.messages;

    const { body: m } = await send({ id: "app-visible", employees: ["e1"], content: "Original" });
    expect(await seen("e1")).toContainEqual(expect.objectContaining({ id: m.id, content: "Original" }));
    await call("PATCH", m.id, { content: "Corrected" });
    expect((await seen("e1")).filter((x) => x.id === m.id)).toEqual([expect.objectContaining({ content: "Corrected" })]);
    await call("PATCH", m.id, { employees: ["e2"] });
    expect((await seen("e1")).map((x) => x.id)).not.toContain(m.id);
    expect(await seen("e2")).toContainEqual(expect.objectContaining({ id: m.id, content: "Corrected" }));
    expect((await app.api(url(m.id), { method: "DELETE", key, headers: edit })).status).toBe(204);
    expect((await seen("e2")).map((x) => x.id)).not.toContain(m.id);
  });

  it("is in the OpenAPI document and readable as HTML", async () => {
    const doc = await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json");
    const item = doc.body.paths["/messages/{message_id}/"];
    expect(Object.keys(item).sort()).toEqual(["delete", "get", "patch", "put"]);
    expect(Object.keys(item.delete.responses)).toContain("204");
    const { body: m } = await send({ employees: ["e1"], content: "<b>loud</b>" });
    await call("PATCH", m.id, { content: "<i>edited</i>" });
    const page = await app.api(url(m.id), { key, headers: { ...edit, Accept: "text/html" } });
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain("&lt;i&gt;edited&lt;/i&gt;");
    expect(html).not.toContain("<i>edited</i>");
    expect(html).toContain('href="/v2/employees/e1/"');
  });
});

describe("housekeeping", () => {
  it("finished outbox jobs are removed after a week; unfinished ones never", async () => {
    const { purgeFinishedJobs } = await import("@/domain/outbox/outbox-service");
    await app.drainJobs();
    const finished = await app.db.outboxJob.count({ where: { completedAt: { not: null } } });
    expect(finished).toBeGreaterThan(0);
    expect(await purgeFinishedJobs(app.db, app.clock.now())).toBe(0);
    const pending = await app.db.outboxJob.create({ data: { kind: "test.never", payload: {}, runAt: new Date(Date.now() + 86_400_000) } });
    const inEightDays = new Date(Date.now() + 8 * 24 * 3600_000);
    expect(await purgeFinishedJobs(app.db, inEightDays)).toBe(finished);
    expect(await app.db.outboxJob.findUnique({ where: { pk: pending.pk } })).not.toBeNull();
  });
});
