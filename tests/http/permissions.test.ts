/**
 * The permission model (src/trpc/permissions.ts): every procedure of the router against every kind of caller,
 * compared with the declared table; and the holes found by the second trust round, over real HTTP: an API key
 * (demo, live, or restricted to an address) can neither mint a key, invite, revoke a key nor remove an admin.
 */
import crypto from "node:crypto";
import { callTRPCProcedure, TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "@/auth/auth";
import { EMPLOYEE_SESSION_COOKIE } from "@/domain/employees/employee-app-service";
import { appRouter } from "@/trpc/app-router";
import type { Context, Principal } from "@/trpc/context";
import { ACCESS, AccessRefused, CALLERS, PROCEDURE_ACCESS, type Caller } from "@/trpc/permissions";
import { startTestApp, trpc, type TestApp } from "../support/test-app";

let app: TestApp;
let accountPk: string;
let adminCookie: string;

async function signIn(email: string): Promise<string> {
  const res = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email, password: "a-long-password" }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

beforeAll(async () => {
  app = await startTestApp();
  ({ accountPk } = await app.newKey("demo", { account: "Permissions" }));
  await createUser(app.db, { email: "perm.admin@example.test", password: "a-long-password", name: "Admin", accountPk, role: "client" });
  adminCookie = await signIn("perm.admin@example.test");
});
afterAll(() => app?.close());

const procedures = Object.entries(appRouter._def.procedures).map(([path, procedure]) => {
  const def = (procedure as { _def: { type: "query" | "mutation" | "subscription"; meta?: { openapi?: unknown } } })._def;
  return { path, type: def.type, openapi: def.meta?.openapi !== undefined };
});

function principalOf(caller: Caller): Principal | null {
  const common = { accountPk, environment: "demo" as const, role: "client" as const };
  switch (caller) {
    case "anonymous":
    case "employee":
      return null;
    case "demo_key":
      return { ...common, via: "api_key", apiKeyPk: crypto.randomUUID() };
    case "live_key":
      return { ...common, via: "api_key", environment: "live", apiKeyPk: crypto.randomUUID() };
    case "member":
    case "admin":
      return { ...common, via: "session", teamRole: caller, userId: crypto.randomUUID() };
    case "operator":
      return { via: "session", accountPk: null, environment: "demo", role: "operator", userId: crypto.randomUUID() };
  }
}

function contextOf(caller: Caller): Context {
  return {
    db: app.db,
    principal: principalOf(caller),
    integrationId: null,
    baseUrl: app.publicUrl,
    webhookPrivateTargets: app.webhooks.privateTargets,
    bankgiro: app.bankgiro,
    seller: app.seller,
    fieldCipher: app.fieldCipher,
    clock: app.clock,
    pageUrl: () => null,
    requestId: crypto.randomUUID(),
    cookies: { get: (name) => (caller === "employee" && name === EMPLOYEE_SESSION_COOKIE ? "not-a-session" : undefined), set: () => undefined },
  };
}

/** Whether the access table refused the call (not the procedure: its input, scope or own rules). */
async function refused(path: string, type: "query" | "mutation" | "subscription", caller: Caller): Promise<boolean> {
  try {
    await callTRPCProcedure({ router: appRouter, path, getRawInput: async () => undefined, ctx: contextOf(caller), type, signal: undefined, batchIndex: 0 });
    return false;
  } catch (e) {
    return e instanceof TRPCError && e.cause instanceof AccessRefused;
  }
}

describe("the permission model", () => {
  it("declares every procedure of the router, and nothing else", () => {
    expect(Object.keys(PROCEDURE_ACCESS).sort()).toEqual(procedures.map((p) => p.path).sort());
  });

  it("lets API keys reach exactly the procedures of the public REST API", () => {
    for (const { path, openapi } of procedures) {
      const levels: readonly Caller[] = ACCESS[PROCEDURE_ACCESS[path]];
      expect({ path, demo: levels.includes("demo_key"), live: levels.includes("live_key") }).toEqual({ path, demo: openapi, live: openapi });
    }
  });

  it("refuses exactly the callers the table does not admit, on every procedure", async () => {
    const mismatches: string[] = [];
    for (const { path, type } of procedures) {
      const levels: readonly Caller[] = ACCESS[PROCEDURE_ACCESS[path]];
      for (const caller of CALLERS) {
        const expected = !levels.includes(caller);
        if ((await refused(path, type, caller)) !== expected) mismatches.push(`${path} as ${caller}: expected ${expected ? "refused" : "admitted"}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe("an API key is not a person (/api/trpc)", () => {
  const keyKinds = [
    { name: "a demo key", env: "demo" as const },
    { name: "a live key", env: "live" as const },
    { name: "a key restricted to 127.0.0.1/32", env: "live" as const, allowIps: ["127.0.0.1/32"] },
  ];

  async function asKey(key: string, proc: string, input: unknown) {
    const res = await fetch(`${app.url}/api/trpc/${proc}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Token ${key}` },
      body: JSON.stringify(input),
    });
    return res.status;
  }

  for (const kind of keyKinds) {
    it(`${kind.name} cannot mint a key, invite, revoke a key or remove an admin, and nothing changes`, async () => {
      const { key } = await app.newKey(kind.env, { account: "Permissions", allowIps: kind.allowIps });
      const other = await trpc<{ api_key: { pk: string } }>(app, "apiKeys.create", { environment: "live" }, { cookie: adminCookie, mutation: true });
      expect(other.status).toBe(200);
      const admins = await app.db.user.findMany({ where: { accountPk, teamRole: "admin" }, select: { id: true } });
      const before = {
        keys: await app.db.apiKey.count({ where: { accountPk } }),
        revoked: await app.db.apiKey.count({ where: { accountPk, revokedAt: { not: null } } }),
        invitations: await app.db.teamInvitation.count({ where: { accountPk } }),
        users: await app.db.user.count({ where: { accountPk } }),
      };

      expect(await asKey(key, "apiKeys.create", { environment: "live" })).toBe(403);
      expect(await asKey(key, "team.invite", { email: "attacker@evil.example", team_role: "admin" })).toBe(403);
      expect(await asKey(key, "apiKeys.revoke", { pk: other.data!.api_key.pk })).toBe(403);
      for (const admin of admins) expect(await asKey(key, "team.remove", { id: admin.id })).toBe(403);

      expect({
        keys: await app.db.apiKey.count({ where: { accountPk } }),
        revoked: await app.db.apiKey.count({ where: { accountPk, revokedAt: { not: null } } }),
        invitations: await app.db.teamInvitation.count({ where: { accountPk } }),
        users: await app.db.user.count({ where: { accountPk } }),
      }).toEqual(before);
    });
  }

  it("a key still works on the public API, and on its procedures through /api/trpc", async () => {
    const { key } = await app.newKey("demo", { account: "Permissions" });
    expect((await app.api("/v2/integrations/", { key })).status).toBe(200);
    const res = await fetch(`${app.url}/api/trpc/integrations.list?input=${encodeURIComponent("{}")}`, { headers: { Authorization: `Token ${key}` } });
    expect(res.status).toBe(200);
  });

  it("the Employee app answers a signed-in client without an Employee's session 401, as it does anyone else", async () => {
    const res = await trpc<unknown>(app, "employeeApp.home", undefined, { cookie: adminCookie });
    expect(res.status).toBe(401);
    expect(res.error?.message).toBe("Open the link in your invitation email to sign in.");
  });

  it("without credentials the account's procedures answer 401", async () => {
    expect((await trpc(app, "apiKeys.create", { environment: "live" }, { mutation: true })).status).toBe(401);
  });
});
