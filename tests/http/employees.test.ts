/** Employees through /v2/: endpoints, validation, the invitation (outbox + email), claim, resend, isolation. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, integrationBody, magicToken, startTestApp, TEST_CLAIM_DETAILS, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;
let integration: string;

type Employee = Record<string, unknown> & { id: string; latest_status: string; notified_at: string | null; invitation_code: string | null };
type List = { count: number; next: string | null; results: Employee[] };

const employee = (over: Record<string, unknown> = {}) => ({ name: "Anna Berg", email: "anna@example.se", country: "SWE", ...over });

async function newIntegration(k: string, id: string) {
  const res = await app.json("/v2/integrations/", { method: "POST", key: k, body: integrationBody({ id }) });
  expect(res.status).toBe(201);
  return id;
}

const as = (k: string, integrationId: string) => ({ key: k, headers: { "Integration-ID": integrationId } });

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  integration = await newIntegration(key, "emp-int-a");
});
afterAll(() => app?.close());

describe("Integration-ID", () => {
  it("is required: missing is a 400, unknown or another account's is a 404", async () => {
    const missing = await app.json("/v2/employees/", { key });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ detail: "The Integration-ID header is required for this endpoint." });
    expect((await app.json("/v2/employees/", as(key, "nope"))).status).toBe(404);
    const other = await app.newKey("demo");
    expect((await app.json("/v2/employees/", as(other.key, integration))).status).toBe(404);
  });
});

describe("create and validate", () => {
  it("creates with normalised fields, status created and an invitation code", async () => {
    const res = await app.json<Employee>("/v2/employees/", {
      method: "POST",
      ...as(key, integration),
      body: employee({ id: "e-1", country: "swe", cellphone_number: "070-123 45 67", email: "Anna@Example.SE" }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: "e-1",
      name: "Anna Berg",
      email: "anna@example.se",
      country: "SWE",
      cellphone_number: "+46701234567",
      metadata: {},
      notified_at: null,
      claimed_at: null,
      verified_at: null,
      latest_status: "created",
    });
    expect(res.body.invitation_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(res.body.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("field errors for country, email, phone and missing fields", async () => {
    const res = await app.json("/v2/employees/", {
      method: "POST",
      ...as(key, integration),
      body: { name: "X", email: "x@", country: "SE", cellphone_number: "12" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ email: ["Enter a valid email address."], country: ['"SE" is not an ISO 3166 alpha-3 country code.'] });
    const phone = await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ cellphone_number: "12" }) });
    expect(phone.body).toEqual({ cellphone_number: ["Enter a valid phone number with its country code, for example +46701234567."] });
    const missing = await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: {} });
    expect(Object.keys(missing.body).sort()).toEqual(["country", "email", "name"]);
  });

  it("ids are unique per Integration", async () => {
    const b = await newIntegration(key, "emp-int-b");
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "same" }) });
    expect((await app.json("/v2/employees/", { method: "POST", ...as(key, b), body: employee({ id: "same" }) })).status).toBe(201);
    const dup = await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "same" }) });
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });
  });

  it("an Idempotency-Key replays the create", async () => {
    const call = { method: "POST", ...as(key, integration), headers: { "Integration-ID": integration, "Idempotency-Key": "emp-idem" }, body: employee() };
    const first = await app.json<Employee>("/v2/employees/", call);
    const second = await app.json<Employee>("/v2/employees/", call);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
  });
});

describe("read, update, delete", () => {
  it("retrieve, PATCH (id may change), PUT, DELETE", async () => {
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "crud", metadata: { a: 1 } }) });
    const patched = await app.json<Employee>("/v2/employees/crud/", { method: "PATCH", ...as(key, integration), body: { id: "crud-2", name: "Anna B" } });
    expect(patched.body).toMatchObject({ id: "crud-2", name: "Anna B", email: "anna@example.se", metadata: { a: 1 } });
    expect((await app.api("/v2/employees/crud/", as(key, integration))).status).toBe(404);
    const put = await app.json<Employee>("/v2/employees/crud-2/", { method: "PUT", ...as(key, integration), body: employee({ id: "crud-2", name: "New" }) });
    expect(put.body).toMatchObject({ name: "New", metadata: {}, cellphone_number: null });
    const del = await app.api("/v2/employees/crud-2/", { method: "DELETE", ...as(key, integration) });
    expect(del.status).toBe(204);
    expect((await app.api("/v2/employees/crud-2/", as(key, integration))).status).toBe(404);
  });
});

describe("list, search and filters", () => {
  it("search over name, email and phone; timestamp filters", async () => {
    const { key: k } = await app.newKey("demo");
    const i = await newIntegration(k, "emp-list");
    const people = [
      employee({ id: "l1", name: "Lisa Lindberg", email: "lisa@x.se" }),
      employee({ id: "l2", name: "Oskar Ek", email: "oskar@berg.se", cellphone_number: "+46 70 555 12 12" }),
      employee({ id: "l3", name: "Maja Nord", email: "maja@x.se" }),
    ];
    for (const p of people) await app.json("/v2/employees/", { method: "POST", ...as(k, i), body: p });
    const ids = async (q: string) => (await app.json<List>(`/v2/employees/?${q}`, as(k, i))).body.results.map((e) => e.id).sort();
    expect(await ids("search=berg")).toEqual(["l1", "l2"]);
    expect(await ids("search=5551212")).toEqual(["l2"]);
    expect(await ids("search=MAJA")).toEqual(["l3"]);
    expect(await ids(`search=${encodeURIComponent("Ek\u001foskar@")}`)).toEqual([]); // never across two fields
    expect(await ids("search=ek")).toEqual(["l2"]);
    expect(await ids("notified_at_null=True")).toEqual(["l1", "l2", "l3"]);
    await app.drainJobs();
    expect(await ids("notified_at_null=false")).toEqual(["l1", "l2", "l3"]);
    expect(await ids("claimed_at_null=FALSE")).toEqual([]);
    expect(await ids("created_at_after=2000-01-01T00:00:00Z&created_at_before=2999-01-01")).toEqual(["l1", "l2", "l3"]);
    expect(await ids("created_at_before=2000-01-01")).toEqual([]);
    expect(await ids(`created_at=${new Date().toISOString().slice(0, 10)}`)).toEqual(["l1", "l2", "l3"]);
    const bad = await app.json("/v2/employees/?created_at_after=yesterday", as(k, i));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ created_at_after: ["Datetime has wrong format. Use ISO 8601, for example 2026-01-31T12:00:00Z."] });
  });

  it("counts stay exact as Employees come, change and go, whoever writes them", async () => {
    const { key: k } = await app.newKey("demo");
    const i = await newIntegration(k, "emp-count");
    const list = async (q = "") => (await app.json<List>(`/v2/employees/?page_size=1&${q}`, as(k, i))).body;
    expect(await list()).toMatchObject({ count: 0, results: [] });
    expect((await list("search=berg")).count).toBe(0);
    for (const [id, name] of [
      ["cnt-1", "Lisa Lindberg"],
      ["cnt-2", "Oskar Ek"],
      ["cnt-3", "Maja Berg"],
    ])
      await app.json("/v2/employees/", { method: "POST", ...as(k, i), body: employee({ id, name, email: `${id}@x.se` }) });
    expect(await list()).toMatchObject({ count: 3, results: [{ id: "cnt-3" }] });
    expect((await list("search=berg")).count).toBe(2);
    expect((await list("search=berg")).count).toBe(2); // now remembered
    expect((await list("search=berg&notified_at_null=true")).count).toBe(2);
    // Writes the app never saw (as from another instance) change the next answer.
    await app.db.$executeRaw`UPDATE employee SET name = 'Oskar Bergman' WHERE id = 'cnt-2'`;
    expect((await list("search=berg")).count).toBe(3);
    await app.db.$executeRaw`DELETE FROM employee WHERE id = 'cnt-1'`;
    expect((await list()).count).toBe(2);
    expect((await list("search=berg")).count).toBe(2);
    await app.db.$executeRaw`UPDATE employee SET notified_at = now() WHERE id = 'cnt-2'`;
    expect((await list("search=berg&notified_at_null=true")).count).toBe(1);
    expect((await app.api("/v2/employees/cnt-3/", { method: "DELETE", ...as(k, i) })).status).toBe(204);
    expect(await list()).toMatchObject({ count: 1, results: [{ id: "cnt-2" }] });
    expect((await list("search=berg")).count).toBe(1);
    expect((await list("search=lindberg")).count).toBe(0);
  });

  it("a repeated list or search shows every change of its Employees, whoever writes them", async () => {
    const { key: k } = await app.newKey("demo");
    const i = await newIntegration(k, "emp-search-page");
    const search = async () => (await app.json<List>("/v2/employees/?page_size=2&search=berg", as(k, i))).body;
    const list = async () => (await app.json<List>("/v2/employees/?page_size=2", as(k, i))).body;
    for (const [id, name] of [
      ["sp-1", "Lisa Lindberg"],
      ["sp-2", "Maja Berg"],
    ])
      await app.json("/v2/employees/", { method: "POST", ...as(k, i), body: employee({ id, name, email: `${id}@x.se` }) });
    const first = await search();
    expect(first).toMatchObject({ count: 2, results: [{ id: "sp-2", metadata: {} }, { id: "sp-1" }] });
    expect(await search()).toEqual(first); // now remembered
    expect(await list()).toEqual(first);
    // A field that no search reads, through the API.
    const patched = await app.json(`/v2/employees/sp-2/`, { method: "PATCH", ...as(k, i), body: { metadata: { team: "north" } } });
    expect(patched.status).toBe(200);
    expect((await search()).results[0]).toMatchObject({ id: "sp-2", metadata: { team: "north" } });
    // Writes the app never saw (as from another instance or its worker).
    await app.db.$executeRaw`UPDATE employee SET notified_at = '2026-11-01T10:00:00Z' WHERE id = 'sp-1'`;
    expect((await search()).results[1]).toMatchObject({ id: "sp-1", notified_at: "2026-11-01T10:00:00.000Z" });
    expect((await list()).results[1]).toMatchObject({ id: "sp-1", notified_at: "2026-11-01T10:00:00.000Z" });
    await app.db.$executeRaw`UPDATE employee SET claimed_at = now() WHERE id = 'sp-1'`;
    expect((await search()).results[1]).toMatchObject({ id: "sp-1", invitation_code: null });
    await app.db.$executeRaw`DELETE FROM employee WHERE id = 'sp-2'`;
    expect(await search()).toMatchObject({ count: 1, results: [{ id: "sp-1" }] });
  });
});

describe("invitation, magic link and claim", () => {
  it("notifies by email (outbox), then the magic link claims (and in demo verifies) the Employee", async () => {
    const created = await app.json<Employee>("/v2/employees/", {
      method: "POST",
      ...as(key, integration),
      body: employee({ id: "claimer", email: "claimer@example.se" }),
    });
    await app.drainJobs();
    const notified = await app.json<Employee>("/v2/employees/claimer/", as(key, integration));
    expect(notified.body.notified_at).not.toBeNull();
    expect(notified.body.latest_status).toBe("invited");
    const toClaimer = app
      .mails()
      .map((m) => m.text)
      .filter((m) => m.includes("To: claimer@example.se"));
    expect(toClaimer).toHaveLength(1); // the invitation, once
    const mail = toClaimer[0];
    expect(mail).toContain(created.body.invitation_code!);
    const token = magicToken(mail);

    const claim = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true });
    expect(claim.status).toBe(200);
    expect(claim.setCookie).toMatch(/payroute_employee=[^;]+; Path=\/; Max-Age=\d+; SameSite=Lax; HttpOnly/);
    const claimed = await app.json<Employee>("/v2/employees/claimer/", as(key, integration));
    expect(claimed.body).toMatchObject({ latest_status: "active", invitation_code: null });
    expect(claimed.body.claimed_at).not.toBeNull();
    expect(claimed.body.verified_at).not.toBeNull();

    const again = await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true });
    expect(again.status).toBe(403);

    const names = (
      await app.db.event.findMany({ where: { objectPk: (await app.db.employee.findFirstOrThrow({ where: { id: "claimer" } })).pk }, orderBy: { seq: "asc" } })
    ).map((e) => e.name);
    expect(names).toEqual(["Employee.created", "Employee.notified", "Employee.claimed", "Employee.verified"]);

    // The home view shows the Employee's Messages, newest first.
    const cookie = claim.setCookie!.split(";")[0];
    for (const content of ["First", "Second"]) {
      const m = await app.json("/v2/messages/", { method: "POST", ...as(key, integration), body: { employees: ["claimer"], content } });
      expect(m.status).toBe(201);
    }
    const home = await trpc<{ messages: { content: string }[]; integration: { name: string } }>(app, "employeeApp.home", undefined, { cookie });
    expect(home.data?.messages.map((m) => m.content)).toEqual(["Second", "First"]);
    expect(home.data?.integration.name).toBe("Bygg & Co");
    expect((await trpc(app, "employeeApp.home", undefined)).status).toBe(401);
  });

  it("expired or unknown links are refused", async () => {
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "late", email: "late@example.se" }) });
    await app.drainJobs();
    const token = magicToken(
      app
        .mails()
        .map((m) => m.text)
        .find((m) => m.includes("To: late@example.se"))!,
    );
    await app.db.magicLink.updateMany({ where: { employee: { id: "late" } }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true })).status).toBe(403);
    expect((await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token: "x".repeat(43) }, { mutation: true })).status).toBe(403);
  });

  it("in live, an operator verifies after the claim", async () => {
    const live = await app.newKey("live");
    const i = await newIntegration(live.key, "emp-live");
    await app.json("/v2/employees/", { method: "POST", ...as(live.key, i), body: employee({ id: "live-1", email: "live@example.se" }) });
    await app.drainJobs();
    const token = magicToken(
      app
        .mails()
        .map((m) => m.text)
        .find((m) => m.includes("To: live@example.se"))!,
    );
    await trpc(app, "employeeApp.claim", { details: TEST_CLAIM_DETAILS, token }, { mutation: true });
    const claimed = await app.json<Employee>("/v2/employees/live-1/", as(live.key, i));
    expect(claimed.body.latest_status).toBe("onboarding");
    const caller = callerFor(app, { via: "session", accountPk: null, environment: "live", role: "operator", userId: "op" });
    const pending = await caller.employeeVerification.pending();
    const entry = pending.find((p) => p.employee.id === "live-1")!;
    await caller.employeeVerification.verify({ employeePk: entry.pk });
    expect((await app.json<Employee>("/v2/employees/live-1/", as(live.key, i))).body.latest_status).toBe("active");
    await expect(caller.employeeVerification.verify({ employeePk: entry.pk })).rejects.toThrow(/already verified/);
  });
});

describe("resend", () => {
  it("sends again at most once per 24 hours, with a 429 saying when", async () => {
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "resend-1", email: "resend@example.se" }) });
    await app.drainJobs();
    const count = () => app.mails().filter((m) => m.text.includes("To: resend@example.se")).length;
    expect(count()).toBe(1);
    const first = await app.api("/v2/employees/resend-1/resend/", { method: "PATCH", ...as(key, integration) });
    expect(first.status).toBe(204);
    await app.drainJobs();
    expect(count()).toBe(2);
    const second = await app.json("/v2/employees/resend-1/resend/", { method: "PATCH", ...as(key, integration) });
    expect(second.status).toBe(429);
    expect(String(second.body.detail)).toMatch(/^The invitation can be sent again 24 hours after the previous resend, at \d{4}-/);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(86_000);
    await app.db.employee.updateMany({ where: { id: "resend-1" }, data: { resentAt: new Date(Date.now() - 24 * 3600_000 - 1000) } });
    expect((await app.api("/v2/employees/resend-1/resend/", { method: "PUT", ...as(key, integration) })).status).toBe(204);
    expect((await app.api("/v2/employees/nobody/resend/", { method: "PATCH", ...as(key, integration) })).status).toBe(404);
  });
});

describe("resend once claimed", () => {
  const staff = () => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);

  it("the dashboard's resend is refused with a 409 once the Employee has claimed; its bulk resend skips them", async () => {
    for (const id of ["claimed-1", "open-1"]) {
      await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id, email: `${id}@example.se` }) });
    }
    expect((await app.json("/v2/test_helpers/employees/claimed-1/claim/", { method: "POST", ...as(key, integration) })).status).toBe(200);

    const refused = staff().employees.resendInvitation({ employee_id: "claimed-1" });
    await expect(refused).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringMatching(/already claimed the invitation/) });
    await expect(staff().employees.resendInvitation({ employee_id: "open-1" })).resolves.toBeUndefined();
    // No resend was recorded for the claimed one: the refusal changed nothing.
    expect((await app.db.employee.findFirstOrThrow({ where: { id: "claimed-1" }, select: { resentAt: true } })).resentAt).toBeNull();

    const bulk = await staff().employees.resendMany({ employee_ids: ["claimed-1"] });
    expect(bulk).toEqual({ sent: [], skipped: [{ id: "claimed-1", reason: "claimed", retry_at: null }] });
  });

  it("the API's resend follows the spec (any state) and still sends a claimed Employee a new link", async () => {
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "claimed-2", email: "claimed-2@example.se" }) });
    expect((await app.json("/v2/test_helpers/employees/claimed-2/claim/", { method: "POST", ...as(key, integration) })).status).toBe(200);
    expect((await app.api("/v2/employees/claimed-2/resend/", { method: "PATCH", ...as(key, integration) })).status).toBe(204);
  });
});

describe("isolation", () => {
  it("Employees of another Integration, account or environment answer 404", async () => {
    await app.json("/v2/employees/", { method: "POST", ...as(key, integration), body: employee({ id: "private" }) });
    const b = "emp-int-b";
    expect((await app.api("/v2/employees/private/", as(key, b))).status).toBe(404);
    const list = await app.json<List>("/v2/employees/", as(key, b));
    expect(list.body.results.map((e) => e.id)).not.toContain("private");
    const live = await app.newKey("live", {
      account: (await app.db.account.findFirstOrThrow({ where: { integrations: { some: { id: integration } } } })).name,
    });
    expect((await app.api("/v2/employees/private/", as(live.key, integration))).status).toBe(404);
  });

  it("an Integration with Employees cannot be deleted (409)", async () => {
    const res = await app.json(`/v2/integrations/${integration}/`, { method: "DELETE", key });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: "This Integration has associated objects and cannot be deleted." });
  });
});
