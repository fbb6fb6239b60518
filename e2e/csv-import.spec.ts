/**
 * CSV import for spreadsheets (issue 26, point 4): a 500-row file naming 20 new Employees by email imports with
 * the totals shown before anything is created and the count shown while it is; the result links to its Payrun
 * and to the Payouts list filtered to it. The template downloads in the reader's language, and a Swedish
 * person's export has `;` between cells and decimal commas.
 */
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext } from "@playwright/test";
import Papa from "papaparse";
import { apiKey } from "./dashboard-pages";
import { saveEnglishAgain, savedLocale, screenshot, signIn, signInOnce, tablesScrollingSideways, unique, uniqueEmail } from "./support";

// 500 rows checked and created on a loaded machine take longer than the default 30 s.
test.describe.configure({ timeout: 240_000 });

const auth = () => ({ Authorization: `Token ${apiKey()}` });
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function webApp(request: APIRequestContext): Promise<string> {
  const res = await request.get("/v2/integrations/?type=1", { headers: auth() });
  return (await res.json()).results[0].id;
}

async function newEmployee(request: APIRequestContext, integration: string, name: string): Promise<{ id: string; email: string }> {
  const res = await request.post("/v2/employees/", {
    headers: { ...auth(), "Integration-ID": integration },
    data: { name, email: uniqueEmail("csvimport"), country: "SWE" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function count(request: APIRequestContext, integration: string, path: string): Promise<number> {
  const res = await request.get(path, { headers: { ...auth(), "Integration-ID": integration } });
  return (await res.json()).count;
}

const file = (name: string, csv: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });

test("a 500-row CSV with 20 new Employees: totals first, the count while creating, the result linked to its Payrun", async ({ page, request }) => {
  const integration = await webApp(request);
  const known = await newEmployee(request, integration, unique("Known Person"));
  const tag = unique("Bulk").split(" ")[1];
  const newcomers = Array.from({ length: 20 }, (_, i) => ({ name: `Newcomer ${tag} ${i}`, email: `new-${tag}-${i}@example.se` }));
  // Every tenth row names a known Employee by id, every tenth by email; the rest the 20 newcomers in turn.
  let turn = 0;
  const rows = Array.from({ length: 500 }, (_, i) => {
    const newcomer = () => newcomers[turn++ % 20];
    const who = i % 10 === 0 ? [known.id, "", "", ""] : i % 10 === 5 ? ["", "", known.email, ""] : (({ name, email }) => ["", name, email, "SWE"])(newcomer());
    return [...who, "100.00", "SEK", `Import ${tag} ${String(i).padStart(3, "0")}`];
  });
  const csv = Papa.unparse({ fields: ["employee", "name", "email", "country", "amount", "currency", "description"], data: rows });

  await signInOnce(page, { open: "/payouts" });
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import Payouts from CSV", level: 1 })).toBeVisible();

  // The template, in English: commas, the API's column names, one example row.
  const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download template" }).click()]);
  expect(template.suggestedFilename()).toBe("payouts-template.csv");
  const templateText = readFileSync(await template.path(), "utf8");
  expect(templateText.startsWith("\uFEFFemployee,name,email,country,amount,currency,description")).toBe(true);

  await page.getByLabel("CSV file").setInputFiles(file("payouts.csv", csv));
  await expect(page.getByRole("status").filter({ hasText: "500 rows, all valid." })).toBeVisible({ timeout: 60_000 });
  // Totals before anything is created, priced by the server: 100.00 SEK to a Swedish Employee costs 137.99
  // (payroll 31.42, fee 6.57) plus 34.50 VAT.
  const totals = page.locator(".card").filter({ has: page.getByRole("heading", { name: "SEK: 500 Payouts" }) });
  await expect(totals).toContainText("SEK 50,000.00");
  await expect(totals).toContainText("SEK 3,285.00");
  await expect(totals).toContainText("SEK 68,995.00");
  await expect(totals).toContainText("SEK 17,250.00");
  await expect(totals).toContainText("SEK 86,245.00");
  await expect(page.getByText("20 new Employees are created with their Payouts.")).toBeVisible();
  // Names, never ids: the known Employee by name, the newcomers by theirs, marked new.
  const preview = page.getByRole("table");
  await expect(preview.getByRole("row").nth(1)).toContainText("Known Person");
  await expect(preview.getByRole("row").nth(2)).toContainText(`Newcomer ${tag} 0`);
  await expect(preview.getByRole("row").nth(2)).toContainText("new");
  expect(await preview.innerText()).not.toMatch(UUID);
  expect(await count(request, integration, `/v2/payouts/?search=${tag}`)).toBe(0);

  await page.getByRole("button", { name: "Create 500 Payouts" }).click();
  // The count as chunks are created: some, not yet all.
  await expect(page.getByRole("status").filter({ hasText: /Created ([1-9]\d|[1-4]\d\d) of 500…/ })).toBeVisible();
  const done = page.getByRole("status").filter({ hasText: "500 Payouts were created." });
  await expect(done).toBeVisible({ timeout: 120_000 });
  expect(await count(request, integration, `/v2/payouts/?search=${tag}`)).toBe(500);
  expect(await count(request, integration, `/v2/employees/?search=new-${tag}`)).toBe(20);

  // The Payrun by its name (not its id), and the Payouts list filtered to it.
  const payrunLink = done.getByRole("link").first();
  await expect(payrunLink).not.toHaveText(UUID);
  await done.getByRole("link", { name: "Show these Payouts" }).click();
  await expect(page).toHaveURL(/\/payouts\?payrun=/);
  await expect(page.getByText(/Only the Payouts of the Payrun/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText(/of \d/);
});

test.describe("in Swedish", () => {
  // The language is saved on the person, whom the other specs sign in as: English again, whatever happened.
  test.afterEach(({ browser }) => saveEnglishAgain(browser));

  test("the preview, the template and the export follow the reader's language: `;` and decimal comma", async ({ browser, request }) => {
    const integration = await webApp(request);
    const known = await newEmployee(request, integration, unique("Kajsa Känd"));
    const tag = unique("Svensk").split(" ")[1];
    const context = await browser.newContext({ locale: "sv-SE" });
    const page = await context.newPage();
    await signIn(page);
    await page.getByRole("combobox", { name: /^(Language|Språk)$/ }).selectOption("sv");
    await expect.poll(() => savedLocale(page)).toBe("sv");

    await page.goto("/payouts/import");
    await expect(page.getByRole("heading", { name: "Importera utbetalningar från CSV", level: 1 })).toBeVisible();
    const [template] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Ladda ner mall" }).click()]);
    expect(template.suggestedFilename()).toBe("utbetalningar-mall.csv");
    const templateText = readFileSync(await template.path(), "utf8");
    expect(templateText.split("\r\n")[0]).toBe("\uFEFFanställd;namn;e-post;land;belopp;valuta;beskrivning;startdatum;slutdatum");
    expect(templateText).toContain(";1500,50;SEK;");

    const csv = [
      "anställd;namn;e-post;land;belopp;valuta;beskrivning",
      `${known.id};;;;1 500,50;SEK;Städning ${tag}`,
      `;Nora Ny ${tag};nora-${tag}@example.se;Sverige;2 000;SEK;Catering ${tag}`,
      `;;${known.email};;750,25;SEK;Inventering ${tag}`,
    ].join("\r\n");
    await page.getByLabel("CSV-fil").setInputFiles(file("utbetalningar.csv", csv));
    await expect(page.getByRole("status").filter({ hasText: "3 rader, alla giltiga." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "SEK: 3 utbetalningar" })).toBeVisible();
    await expect(page.getByText("Totalt med moms")).toBeVisible();
    await expect(page.getByRole("table")).toContainText(`Nora Ny ${tag}`);
    for (const [size, width] of [
      ["desktop", 1280],
      ["phone", 390],
    ] as const) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await screenshot(page, `payout-import-preview-${size}-sv`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("button", { name: "Skapa 3 utbetalningar" }).click();
    await expect(page.getByRole("status").filter({ hasText: "3 utbetalningar skapades." })).toBeVisible({ timeout: 60_000 });

    await page.goto(`/payouts?q=${tag}`);
    await expect(page.getByRole("row").filter({ hasText: `Städning ${tag}` })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Exportera CSV" }).click()]);
    const exported = readFileSync(await download.path(), "utf8");
    expect(exported.startsWith("\uFEFFid;employee;amount;currency;")).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(exported.replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true });
    expect(parsed.meta.delimiter).toBe(";");
    expect(parsed.data.map((r) => r.amount).sort()).toEqual(["1500,50", "2000,00", "750,25"]);
    await context.close();
  });
});

test("the preview in English, for the screenshots at both widths", async ({ page, request }) => {
  const integration = await webApp(request);
  const known = await newEmployee(request, integration, unique("Maja Lindqvist"));
  const tag = unique("Shot").split(" ")[1];
  const csv = [
    "employee,name,email,country,amount,currency,description",
    `${known.id},,,,1500.50,SEK,Catering ${tag}`,
    `,Erik Johansson ${tag},erik-${tag}@example.se,SE,2000,SEK,Warehouse shift ${tag}`,
    `,,${known.email},,750.25,SEK,Inventory count ${tag}`,
    `nobody-${tag},,,,12,SEK,Unknown Employee ${tag}`,
  ].join("\n");
  await signInOnce(page, { open: "/payouts/import" });
  await page.getByLabel("CSV file").setInputFiles(file("payouts.csv", csv));
  await expect(page.getByRole("alert").filter({ hasText: "4 rows, 1 with errors." })).toBeVisible();
  // The error names the row and the column as the file writes it.
  const bad = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "5", exact: true }) });
  await expect(bad).toContainText(`employee: Object with id "nobody-${tag}" does not exist.`);
  await expect(page.getByRole("button", { name: /^Create/ })).toHaveCount(0);
  for (const [size, width] of [
    ["desktop", 1280],
    ["phone", 390],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    // Each row's errors are read without scrolling sideways: on a phone each row is a card.
    expect(await tablesScrollingSideways(page), `the preview at ${width}px`).toEqual([]);
    await screenshot(page, `payout-import-preview-${size}`);
  }
});

test("a chunk that fails leaves the chunks before it created and says which rows were and were not", async ({ page, request }) => {
  const integration = await webApp(request);
  const stays = await newEmployee(request, integration, unique("Stina Stannar"));
  const goes = await newEmployee(request, integration, unique("Gustav Går"));
  const tag = unique("Half").split(" ")[1];
  // Rows 2–101 (two chunks) pay the one who stays; rows 102–121 the one deleted after the check.
  const rows = Array.from({ length: 120 }, (_, i) => [i < 100 ? stays.id : goes.id, "10.00", "SEK", `Half ${tag} ${i}`]);
  const csv = Papa.unparse({ fields: ["employee", "amount", "currency", "description"], data: rows });
  await signInOnce(page, { open: "/payouts/import" });
  await page.getByLabel("CSV file").setInputFiles(file("payouts.csv", csv));
  await expect(page.getByRole("status").filter({ hasText: "120 rows, all valid." })).toBeVisible();
  const deleted = await request.delete(`/v2/employees/${goes.id}/`, { headers: { ...auth(), "Integration-ID": integration } });
  expect(deleted.status()).toBe(204);

  await page.getByRole("button", { name: "Create 120 Payouts" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "were not created" });
  await expect(alert).toContainText("Rows 2–101 were created. Rows 102–121 were not created: a row has errors (below).");
  expect(await count(request, integration, `/v2/payouts/?search=${tag}`)).toBe(100);
  await expect(page.getByRole("row").filter({ has: page.getByRole("cell", { name: "102", exact: true }) })).toContainText("employee:");
  // Trying the rest again creates nothing twice: the same rows fail, the first 100 stay as they were.
  await alert.getByRole("button", { name: "Create the rest" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Rows 102–121 were not created" })).toBeVisible();
  expect(await count(request, integration, `/v2/payouts/?search=${tag}`)).toBe(100);
});
