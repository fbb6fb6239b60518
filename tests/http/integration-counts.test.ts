/**
 * integrations.counts, the dashboard's Integration page: how many Employees, Payouts, Payruns, Invoices and own
 * webhooks one Integration has, within the caller's account and environment only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;
let otherAccountPk: string;

const client = (pk: string, environment: "demo" | "live" = "demo") =>
  callerFor(app, { via: "session", accountPk: pk, environment, role: "client", userId: "u" });

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  ({ accountPk: otherAccountPk } = await app.newKey("demo"));
  for (const id of ["cnt-a", "cnt-b"]) {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
  }
  const as = { key, headers: { "Integration-ID": "cnt-a" } };
  for (const id of ["ann", "bob"]) {
    const res = await app.json("/v2/employees/", { method: "POST", ...as, body: { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const payout = await app.json("/v2/payouts/", { method: "POST", ...as, body: { employee: "ann", amount: "100.00", currency: "SEK", description: "Work" } });
  expect(payout.status, JSON.stringify(payout.body)).toBe(201);
  const hook = await app.json("/v2/webhooks/", { method: "POST", ...as, body: { url: "http://127.0.0.1:9/hook", events: ["Employee.created"] } });
  expect(hook.status, JSON.stringify(hook.body)).toBe(201);
});
afterAll(() => app?.close());

describe("integrations.counts", () => {
  it("counts the Integration's own objects", async () => {
    // The Payout opened a Payrun, which has its pro-forma Invoice from the start.
    expect(await client(accountPk).integrations.counts({ integration_id: "cnt-a" })).toEqual({
      employees: 2,
      payouts: 1,
      payruns: 1,
      invoices: 1,
      webhooks: 1,
    });
    expect(await client(accountPk).integrations.counts({ integration_id: "cnt-b" })).toEqual({
      employees: 0,
      payouts: 0,
      payruns: 0,
      invoices: 0,
      webhooks: 0,
    });
  });

  it("is a 404 for another account's or another environment's Integration", async () => {
    await expect(client(otherAccountPk).integrations.counts({ integration_id: "cnt-a" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(client(accountPk, "live").integrations.counts({ integration_id: "cnt-a" })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
