/**
 * search.global, the command palette: finds Employees by part of a name and Payouts by their description the way
 * their lists' `search` does, Payruns, Invoices and Registrations by name or number, within the caller's
 * Integration (Registrations: the account's in the environment) and at most SEARCH_LIMIT of each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SEARCH_LIMIT } from "@/domain/search/search-schemas";
import { callerFor, integrationBody, registrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;

const as = (integration: string) => ({ key, headers: { "Integration-ID": integration } });
const client = (integration: string) => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);

async function post<T = Record<string, unknown>>(path: string, integration: string, body?: unknown): Promise<T> {
  const res = await app.json<T>(path, { method: "POST", ...as(integration), body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body;
}

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  for (const id of ["find-a", "find-b"]) await post("/v2/integrations/", id, integrationBody({ id }));
  await post("/v2/employees/", "find-a", { id: "gunilla", name: "Gunilla Svensson", email: "gunilla@example.se", country: "SWE" });
  for (let i = 0; i < SEARCH_LIMIT + 2; i++) await post("/v2/employees/", "find-a", { name: `Many Person ${i}`, email: `many${i}@example.se`, country: "SWE" });
  await post("/v2/employees/", "find-b", { id: "gunnar", name: "Gunnar Other", email: "gunnar@example.se", country: "SWE" });
  const payout = await post<{ payrun: string }>("/v2/payouts/", "find-a", {
    employee: "gunilla",
    amount: "100.00",
    currency: "SEK",
    description: "Catering at the harbour festival",
  });
  await app.json(`/v2/payruns/${payout.payrun}/`, { method: "PATCH", ...as("find-a"), body: { name: "Oktober extrapersonal" } });
  await post("/v2/payouts/", "find-b", { employee: "gunnar", amount: "5.00", currency: "SEK", description: "Harbour cleaning elsewhere" });
  expect((await app.json("/v2/registrations/", { method: "POST", key, body: registrationBody({ friendly_name: "Harbour Café AB" }) })).status).toBe(201);
});
afterAll(() => app?.close());

describe("search.global", () => {
  it("finds an Employee by part of a name and a Payout by its description, in the caller's Integration only", async () => {
    const found = await client("find-a").search.global({ q: "gun" });
    expect(found.employees).toEqual([{ id: "gunilla", title: "Gunilla Svensson", detail: "gunilla@example.se" }]);
    const harbour = await client("find-a").search.global({ q: "harbour fest" });
    // The amount as the API writes it, for the dashboard to format in the reader's language.
    expect(harbour.payouts.map(({ description, amount, currency }) => ({ description, amount, currency }))).toEqual([
      { description: "Catering at the harbour festival", amount: "100.00", currency: "SEK" },
    ]);
    expect((await client("find-a").search.global({ q: "harbour" })).payouts).toHaveLength(1);
  });

  it("finds Payruns by name and the account's Registrations by name", async () => {
    const found = await client("find-a").search.global({ q: "extrapers" });
    // What the lists name a Payrun by: its name, or currency and day, and its number when another looks the same.
    expect(found.payruns.map(({ name, currency, label_number }) => ({ name, currency, label_number }))).toEqual([
      { name: "Oktober extrapersonal", currency: "SEK", label_number: null },
    ]);
    expect((await client("find-a").search.global({ q: "café" })).registrations.map((r) => r.title)).toEqual(["Harbour Café AB"]);
  });

  it("returns at most a few of each kind, and refuses an empty term", async () => {
    expect((await client("find-a").search.global({ q: "many person" })).employees).toHaveLength(SEARCH_LIMIT);
    await expect(client("find-a").search.global({ q: "  " })).rejects.toThrow();
  });
});
