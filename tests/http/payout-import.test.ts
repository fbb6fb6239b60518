/**
 * The dashboard's CSV import (payoutImport.*): Employees matched by id or email, new ones created inline from
 * name, email and country, errors per row and column in the person's language, totals priced by the pricing
 * rules, chunked creation that a retry never doubles, and exports and the template in the reader's CSV style.
 */
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withLocale } from "@/i18n/locale";
import { callerFor, integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
let accountPk: string;

const as = (integration: string) => ({ key, headers: { "Integration-ID": integration } });
const client = (integration: string) => callerFor(app, { via: "session", accountPk, environment: "demo", role: "client", userId: "u" }, integration);
const sv = <T>(fn: () => Promise<T>) => withLocale("sv", fn);

async function post(path: string, integration: string, body: unknown, status = 201) {
  const res = await app.json(path, { method: "POST", ...as(integration), body });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res;
}

async function employees(integration: string) {
  const res = await app.json<{ count: number; results: { id: string; name: string; email: string; country: string }[] }>(
    "/v2/employees/?page_size=100",
    as(integration),
  );
  return res.body.results;
}

async function payoutCount(integration: string) {
  return (await app.json<{ count: number }>("/v2/payouts/", as(integration))).body.count;
}

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
  for (const id of ["imp-a", "imp-b", "imp-c", "imp-d"]) {
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id }) })).status).toBe(201);
  }
  await post("/v2/employees/", "imp-a", { id: "ann", name: "Ann Berg", email: "ann@example.se", country: "SWE" });
  await post("/v2/employees/", "imp-b", { id: "bea", name: "Bea Other", email: "bea@example.se", country: "SWE" });
});
afterAll(() => app?.close());

describe("payoutImport.preview", () => {
  it("matches Employees by id or email (any case), names them, and prices the rows with the pricing rules", async () => {
    const csv = [
      "employee,email,amount,currency,description",
      "ann,,1000,SEK,By id",
      ",ANN@example.se,1000.00,SEK,By email column",
      "ann@example.se,,1000,SEK,By email in the Employee column",
    ].join("\r\n");
    const preview = await client("imp-a").payoutImport.preview({ csv });
    expect(preview.problems).toEqual([]);
    expect(preview.rows.map((r) => [r.line, r.employee_name, r.new_employee, r.errors])).toEqual([
      [2, "Ann Berg", false, []],
      [3, "Ann Berg", false, []],
      [4, "Ann Berg", false, []],
    ]);
    // SWE: payroll 31.42 % (314.20), fee 5 % of 1314.20 (65.71), cost 1379.91, VAT 25 % of it (344.98), per row.
    expect(preview.totals).toEqual([{ currency: "SEK", count: 3, amount: "3000.00", fee: "197.13", cost: "4139.73", vat: "1034.94", total: "5174.67" }]);
    expect(preview.new_employees).toBe(0);
    expect(await payoutCount("imp-a")).toBe(0);
  });

  it("prices new Employees from name, email and country (SE and Sverige too) and creates none of them", async () => {
    const csv = [
      "anställd;namn;e-post;land;belopp;valuta;beskrivning",
      ';Cia Dahl;cia@example.se;SE;"1 000,50";SEK;Städning',
      ";Cia Dahl;cia@example.se;SE;2000;SEK;Städning 2",
      ";Dan Ek;dan@example.se;Sverige;10;SEK;Fika",
    ].join("\n");
    const preview = await sv(() => client("imp-a").payoutImport.preview({ csv }));
    expect(preview.rows.map((r) => [r.employee_name, r.new_employee, r.amount, r.errors])).toEqual([
      ["Cia Dahl", true, "1000.50", []],
      ["Cia Dahl", true, "2000.00", []],
      ["Dan Ek", true, "10.00", []],
    ]);
    expect(preview.new_employees).toBe(2);
    expect(preview.totals[0]).toMatchObject({ count: 3, amount: "3010.50" });
    expect((await employees("imp-a")).map((e) => e.email)).toEqual(["ann@example.se"]);
  });

  it("tells each row's problems with its row number and the column as the file writes it, in the person's language", async () => {
    const csv = [
      "Anställd;E-post;Namn;Land;Belopp;Valuta;Beskrivning",
      ";ny@example.se;;SWE;10;SEK;Ingen namn",
      "okänd;;;;10;SEK;Okänt id",
      ";;;;10;SEK;Ingen anställd",
      "ann;;;;abc;SEK;Fel belopp",
      "bea;;;;10;SEK;Annan integration",
      ";ny2@example.se;Ny Två;XXX;10;SEK;Fel land",
    ].join("\n");
    const preview = await sv(() => client("imp-a").payoutImport.preview({ csv }));
    const errors = Object.fromEntries(preview.rows.map((r) => [r.line, r.errors]));
    expect(errors[2]).toEqual([{ column: "Namn", message: "Krävs för att skapa en ny anställd: ingen anställd har e-posten ny@example.se." }]);
    expect(errors[3]).toEqual([{ column: "Anställd", message: 'Objekt med id "okänd" finns inte.' }]);
    expect(errors[4]).toEqual([{ column: "Anställd", message: "Ange den anställdas id eller e-post." }]);
    expect(errors[5]).toEqual([{ column: "Belopp", message: "Ett giltigt tal krävs." }]);
    expect(errors[6]).toEqual([{ column: "Anställd", message: 'Objekt med id "bea" finns inte.' }]);
    expect(errors[7]).toEqual([{ column: "Land", message: expect.stringContaining("XXX") }]);
    expect(preview.totals).toEqual([]);

    const english = await client("imp-a").payoutImport.preview({ csv: "employee,amount,currency,description\nann,abc,SEK,x\n" });
    expect(english.rows[0].errors).toEqual([{ column: "amount", message: "A valid number is required." }]);
  });

  it("refuses a file without an Employee column, without rows or above 500 rows, checking no row", async () => {
    const none = await client("imp-a").payoutImport.preview({ csv: "amount,currency\n1,SEK\n" });
    expect(none.problems).toEqual(['The file needs an "employee" or an "email" column.']);
    expect((await client("imp-a").payoutImport.preview({ csv: "employee,amount\n" })).problems).toEqual(["The file has no rows."]);
    const big = ["employee,amount,currency,description", ...Array.from({ length: 501 }, (_, i) => `ann,1,SEK,R${i}`)].join("\n");
    const tooMany = await client("imp-a").payoutImport.preview({ csv: big });
    expect(tooMany.problems).toHaveLength(1);
    expect(tooMany.rows).toEqual([]);
  });
});

describe("payoutImport.create", () => {
  const csv = [
    "employee,name,email,country,amount,currency,description",
    ...Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? `ann,,,,100,SEK,Row ${i}` : `,New ${i % 4},new${i % 4}@example.se,SWE,100,SEK,Row ${i}`)),
  ].join("\n");

  it("creates a file chunk by chunk, the new Employees once, into the open Payrun, and a resent chunk not twice", async () => {
    const importer = client("imp-c");
    await post("/v2/employees/", "imp-c", { id: "ann", name: "Ann C", email: "ann-c@example.se", country: "SWE" });
    const key = crypto.randomUUID();
    const first = await importer.payoutImport.create({ csv, key, from: 0, to: 5 });
    expect(first.errors).toEqual([]);
    expect(first.already).toBe(false);
    expect(first.created.map((c) => c.line)).toEqual([2, 3, 4, 5, 6]);
    expect(first.payruns).toHaveLength(1);
    expect(await payoutCount("imp-c")).toBe(5);

    // The answer lost and the chunk sent again: found, not created twice.
    const again = await importer.payoutImport.create({ csv, key, from: 0, to: 5 });
    expect(again.already).toBe(true);
    expect(again.created).toEqual(first.created);
    expect(await payoutCount("imp-c")).toBe(5);

    const rest = await importer.payoutImport.create({ csv, key, from: 5, to: 12 });
    expect(rest.created).toHaveLength(7);
    expect(rest.payruns.map((p) => p.id)).toEqual(first.payruns.map((p) => p.id));
    expect(await payoutCount("imp-c")).toBe(12);
    const made = await employees("imp-c");
    expect(made.map((e) => e.email).sort()).toEqual(["ann-c@example.se", "new0@example.se", "new1@example.se", "new2@example.se", "new3@example.se"]);
    const payouts = await app.json<{ results: { id: string; description: string }[] }>(`/v2/payouts/?payrun=${first.payruns[0].id}&page_size=100`, as("imp-c"));
    expect(payouts.body.results).toHaveLength(12);
  });

  it("writes nothing of a chunk with a bad row and says which rows; the same chunk, fixed, goes through with the same key", async () => {
    const importer = client("imp-d");
    await post("/v2/employees/", "imp-d", { id: "ann", name: "Ann D", email: "ann-d@example.se", country: "SWE" });
    const key = crypto.randomUUID();
    const bad = csv.replace("Row 7", "").replace(",100,SEK,Row 8", ",abc,SEK,Row 8");
    expect((await importer.payoutImport.create({ csv: bad, key, from: 0, to: 5 })).errors).toEqual([]);
    const failed = await importer.payoutImport.create({ csv: bad, key, from: 5, to: 10 });
    expect(failed.created).toEqual([]);
    expect(failed.errors.map((e) => [e.line, e.errors.map((x) => x.column)])).toEqual([
      [9, ["description"]],
      [10, ["amount"]],
    ]);
    expect(await payoutCount("imp-d")).toBe(5);
    const retried = await importer.payoutImport.create({ csv, key, from: 5, to: 10 });
    expect(retried.errors).toEqual([]);
    expect(await payoutCount("imp-d")).toBe(10);
  });

  it("refuses a chunk larger than 50 rows or beyond the file's rows, with a message to show as it is", async () => {
    const key = crypto.randomUUID();
    await expect(client("imp-d").payoutImport.create({ csv, key, from: 0, to: 51 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(client("imp-d").payoutImport.create({ csv, key, from: 10, to: 20 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Rows 12–21 were not created: the file no longer matches what was checked. Choose it again.",
    });
  });
});

describe("CSV in the reader's style", () => {
  const rows = (csv: string) => Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true });

  it("exports Payouts with `;` and decimal comma in Swedish, `,` and a decimal point in English", async () => {
    await post("/v2/payouts/", "imp-b", { employee: "bea", amount: "1500.50", currency: "SEK", description: "Lunch; with dessert" });
    const english = await client("imp-b").payouts.export({});
    expect(english.csv.split("\r\n")[0]).toContain("id,employee,amount,currency");
    expect(rows(english.csv).data[0]).toMatchObject({ amount: "1500.50", invoiced_amount: "1971.96" });

    const swedish = await sv(() => client("imp-b").payouts.export({}));
    const parsed = rows(swedish.csv);
    expect(parsed.meta.delimiter).toBe(";");
    expect(parsed.data[0]).toMatchObject({ amount: "1500,50", invoiced_amount: "1971,96", description: "Lunch; with dessert" });

    const team = await sv(() => client("imp-b").employees.export({}));
    expect(team.csv.split("\r\n")[0]).toMatch(/^id;name;email;/);
  });

  it("a Swedish export reads back into a Swedish import", async () => {
    const swedish = await sv(() => client("imp-b").payouts.export({}));
    // The export has all three figures; the import takes one: keep the amount.
    const { data } = rows(swedish.csv);
    const back = Papa.unparse(
      data.map(({ employee, amount, currency, description }) => ({ employee, amount, currency, description })),
      { delimiter: ";" },
    );
    const preview = await sv(() => client("imp-b").payoutImport.preview({ csv: back }));
    expect(preview.rows.map((r) => [r.employee_name, r.amount, r.errors])).toEqual([["Bea Other", "1500.50", []]]);
  });

  it("offers a template in the reader's language that imports as it is", async () => {
    const english = await client("imp-a").payoutImport.template();
    expect(english.csv.split("\r\n")[0]).toBe("employee,name,email,country,amount,currency,description,start_at,end_at");
    const swedish = await sv(() => client("imp-a").payoutImport.template());
    expect(swedish.filename).toBe("utbetalningar-mall.csv");
    expect(swedish.csv.split("\r\n")[0]).toBe("anställd;namn;e-post;land;belopp;valuta;beskrivning;startdatum;slutdatum");
    expect(swedish.csv).toContain(";1500,50;SEK;");
    for (const [template, locale] of [
      [english, "en"],
      [swedish, "sv"],
    ] as const) {
      const preview = await withLocale(locale, () => client("imp-a").payoutImport.preview({ csv: template.csv }));
      expect(preview.rows.map((r) => [r.employee_name, r.new_employee, r.amount, r.errors])).toEqual([["Anna Andersson", true, "1500.50", []]]);
    }
  });
});
