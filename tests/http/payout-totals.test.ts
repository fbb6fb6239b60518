/**
 * payouts.totals, the dashboard's sums per currency: every Payout the list's filters match (not one page),
 * in exact decimals, within the caller's Integration only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;

const as = (integration: string) => ({ key, headers: { "Integration-ID": integration } });

async function post(path: string, integration: string, body: unknown): Promise<void> {
  const res = await app.json(path, { method: "POST", ...as(integration), body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const client = (integration: string) => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  for (const id of ["tot-a", "tot-b"]) {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
  }
  for (const [integration, id] of [
    ["tot-a", "tina"],
    ["tot-a", "tom"],
    ["tot-b", "bo"],
  ]) {
    await post("/v2/employees/", integration, { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" });
  }
  // 30 Payouts of 0.10 and one of 1000.20 for Tina: more than the API's largest page, and cents a float would lose.
  await post(
    "/v2/payouts/",
    "tot-a",
    Array.from({ length: 30 }, (_, i) => ({ employee: "tina", amount: "0.10", currency: "SEK", description: `Tip ${i}` })),
  );
  await post("/v2/payouts/", "tot-a", { employee: "tina", amount: "1000.20", currency: "SEK", description: "Catering" });
  await post("/v2/payouts/", "tot-a", { employee: "tom", amount: "500.00", currency: "SEK", description: "Cleaning" });
  await post("/v2/payouts/", "tot-b", { employee: "bo", amount: "999.00", currency: "SEK", description: "Other Integration" });
});
afterAll(() => app?.close());

describe("payouts.totals", () => {
  it("adds up every matching Payout of the Integration, per currency, with the cost the list shows", async () => {
    const totals = await client("tot-a").payouts.totals({});
    expect(totals.currencies).toHaveLength(1);
    const [sek] = totals.currencies;
    expect(sek).toMatchObject({ currency: "SEK", count: 32, amount: "1503.20" });
    // The cost is the sum of the stored costs, exactly as the list reports them.
    const list = await client("tot-a").payouts.list({ page: 1, page_size: 100, expand: [] });
    const costCents = list.results.reduce((sum, p) => sum + BigInt(p.cost.replace(".", "")), 0n);
    expect(sek.cost).toBe(`${costCents / 100n}.${(costCents % 100n).toString().padStart(2, "0")}`);
  });

  it("takes the list's filters: Employee, search, status", async () => {
    expect((await client("tot-a").payouts.totals({ employee: "tom" })).currencies).toMatchObject([{ count: 1, amount: "500.00" }]);
    expect((await client("tot-a").payouts.totals({ search: "tip" })).currencies).toMatchObject([{ count: 30, amount: "3.00" }]);
    expect((await client("tot-a").payouts.totals({ notified_at_null: "false" })).currencies).toEqual([]);
  });

  it("counts only the caller's Integration", async () => {
    expect((await client("tot-b").payouts.totals({})).currencies).toMatchObject([{ currency: "SEK", count: 1, amount: "999.00" }]);
    expect((await client("tot-b").payouts.totals({ employee: "tina" })).currencies).toEqual([]);
  });
});
