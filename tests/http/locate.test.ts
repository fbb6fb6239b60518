/**
 * search.locate (issue 26 point 6): where a detail page's object is when the current environment and Integration
 * do not hold it: in the other environment, in another Integration, or nowhere. Over real HTTP as the dashboard
 * calls it (a signed-in person's session, the environment and Integration cookies), with two accounts: another
 * account's id answers exactly as a missing one. Bad input is a 400, never a 5xx.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { integrationBody, registrationBody, startTestApp, TEST_DB, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
const PASSWORD = "a-long-password";
const suffix = crypto.randomBytes(4).toString("hex");
const ids = { live: `loc-live-${suffix}`, demoA: `loc-demo-a-${suffix}`, demoB: `loc-demo-b-${suffix}`, other: `loc-other-${suffix}` };

interface Person {
  cookie: string;
}
let admin: Person;
let member: Person;
let stranger: Person;

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function person(accountPk: string, teamRole: "admin" | "member"): Promise<Person> {
  const email = `${teamRole}-${crypto.randomBytes(4).toString("hex")}@example.test`;
  await createUser(app.db, { email, password: PASSWORD, name: teamRole, accountPk, role: "client", teamRole });
  return { cookie: await signIn(email) };
}

async function post(path: string, key: string, body: unknown, integration?: string): Promise<void> {
  const res = await app.json(path, { method: "POST", key, body, headers: integration ? { "Integration-ID": integration } : {} });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

/** search.locate as the dashboard asks it: the person in `env`, acting as `integration`. */
function locate(who: Person, input: unknown, env: "live" | "demo" = "demo", integration = ids.demoA) {
  const cookie = `${who.cookie}; payroute_env=${env}; payroute_integration=${integration}`;
  return trpc<{ places: { environment: string; integration: { id: string; name: string } | null }[] }>(app, "search.locate", input, { cookie });
}

beforeAll(async () => {
  app = await startTestApp();
  const { key: demo, accountPk, account } = await app.newKey("demo");
  const { key: live } = await app.newKey("live", { account });
  await post("/v2/integrations/", live, integrationBody({ id: ids.live, name: "Harbour Live" }));
  await post("/v2/integrations/", demo, integrationBody({ id: ids.demoA, name: "Web app" }));
  await post("/v2/integrations/", demo, integrationBody({ id: ids.demoB, name: "Kiosk" }));
  await post("/v2/employees/", live, { id: "ann", name: "Ann Live", email: "ann@example.se", country: "SWE" }, ids.live);
  await post("/v2/employees/", demo, { id: "bo", name: "Bo Kiosk", email: "bo@example.se", country: "SWE" }, ids.demoB);
  await post("/v2/employees/", demo, { id: "both", name: "Both A", email: "a@example.se", country: "SWE" }, ids.demoA);
  await post("/v2/employees/", demo, { id: "both", name: "Both B", email: "b@example.se", country: "SWE" }, ids.demoB);
  await post("/v2/registrations/", live, registrationBody({ id: `reg-${suffix}` }));
  await post("/v2/webhooks/", demo, { id: "hook-b", url: "http://127.0.0.1:9/hook", events: ["Employee.created"] }, ids.demoB);
  await post("/v2/webhooks/", demo, { id: "hook-account", url: "http://127.0.0.1:9/hook", events: ["Registration.verified"] });
  admin = await person(accountPk, "admin");
  member = await person(accountPk, "member");

  // Another account, with an Employee of the same id and an Integration and Employee of its own.
  const { key: otherKey, accountPk: otherPk } = await app.newKey("demo");
  await post("/v2/integrations/", otherKey, integrationBody({ id: ids.other, name: "Elsewhere AB" }));
  await post("/v2/employees/", otherKey, { id: "ann", name: "Ann Other", email: "ann@other.example", country: "SWE" }, ids.other);
  await post("/v2/employees/", otherKey, { id: "secret", name: "Other Only", email: "o@other.example", country: "SWE" }, ids.other);
  stranger = await person(otherPk, "admin");
});
afterAll(() => app?.close());

describe(`search.locate (${TEST_DB})`, () => {
  it("finds an Employee in the other environment, with its Integration", async () => {
    const res = await locate(admin, { kind: "employee", id: "ann" });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ places: [{ environment: "live", integration: { id: ids.live, name: "Harbour Live" } }] });
  });

  it("finds an Employee in another Integration of the same environment, and every Integration that has the id", async () => {
    expect((await locate(admin, { kind: "employee", id: "bo" })).data).toEqual({
      places: [{ environment: "demo", integration: { id: ids.demoB, name: "Kiosk" } }],
    });
    const both = await locate(admin, { kind: "employee", id: "both" }, "live", ids.live);
    expect(both.data?.places.map((p) => p.integration?.name)).toEqual(["Kiosk", "Web app"]);
  });

  it("finds the account's own objects by environment alone: a Registration, an Integration, an account-wide webhook", async () => {
    expect((await locate(admin, { kind: "registration", id: `reg-${suffix}` })).data).toEqual({ places: [{ environment: "live", integration: null }] });
    expect((await locate(admin, { kind: "integration", id: ids.live })).data).toEqual({ places: [{ environment: "live", integration: null }] });
    expect((await locate(admin, { kind: "webhook", id: "hook-account" }, "live", ids.live)).data).toEqual({
      places: [{ environment: "demo", integration: null }],
    });
    expect((await locate(admin, { kind: "webhook", id: "hook-b" }, "live", ids.live)).data).toEqual({
      places: [{ environment: "demo", integration: { id: ids.demoB, name: "Kiosk" } }],
    });
  });

  it("answers nothing for an id that is nowhere, and for another account's, alike", async () => {
    const missing = await locate(admin, { kind: "employee", id: "nobody" });
    const foreign = await locate(admin, { kind: "employee", id: "secret" });
    expect(missing).toMatchObject({ status: 200, data: { places: [] } });
    expect(foreign).toMatchObject({ status: 200, data: { places: [] } });
    expect(foreign.data).toEqual(missing.data);
    // The same id in both accounts: only the caller's own place, never the other account's Integration.
    expect((await locate(stranger, { kind: "employee", id: "ann" }, "demo", ids.other)).data).toEqual({
      places: [{ environment: "demo", integration: { id: ids.other, name: "Elsewhere AB" } }],
    });
    expect((await locate(stranger, { kind: "integration", id: ids.live }, "demo", ids.other)).data).toEqual({ places: [] });
    expect((await locate(stranger, { kind: "webhook", id: "hook-b" }, "demo", ids.other)).data).toEqual({ places: [] });
  });

  it("tells a member where a webhook is no more than its page would (admins only)", async () => {
    expect((await locate(member, { kind: "employee", id: "ann" })).data?.places).toHaveLength(1);
    expect((await locate(member, { kind: "webhook", id: "hook-b" })).status).toBe(403);
  });

  it("refuses a malformed id or kind with a 400, never a 5xx", async () => {
    for (const input of [
      { kind: "employee", id: "" },
      { kind: "employee", id: "a/b" },
      { kind: "employee", id: "x".repeat(256) },
      { kind: "employee", id: "nul\u0000" },
      { kind: "employee", id: { nested: true } },
      { kind: "spaceship", id: "ann" },
      { id: "ann" },
    ]) {
      const res = await locate(admin, input);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error?.data?.code).toBe("BAD_REQUEST");
    }
  });

  it("is for signed-in people only", async () => {
    expect((await trpc(app, "search.locate", { kind: "employee", id: "ann" })).status).toBe(401);
  });
});
