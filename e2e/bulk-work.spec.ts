/**
 * Bulk work (issue 12, point 7): a CSV import of Payouts checked row by row by the server before anything is
 * created, the CSV exports of the filtered lists (downloaded and read back), bulk resend of invitations; and
 * a Swedish user typing 1500,50.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import Papa from "papaparse";
import { apiKey } from "./dashboard-pages";
import { anyDialog, chooseEmployee, employeeRow, payoutRow, readIn, signInOnce, unique, uniqueEmail } from "./support";

// Under a loaded machine 50 rows and two downloads take longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

const auth = () => ({ Authorization: `Token ${apiKey()}` });

async function webApp(request: APIRequestContext): Promise<string> {
  const res = await request.get("/v2/integrations/?type=1", { headers: auth() });
  return (await res.json()).results[0].id;
}

async function newEmployee(request: APIRequestContext, integration: string, name: string): Promise<string> {
  const res = await request.post("/v2/employees/", {
    headers: { ...auth(), "Integration-ID": integration },
    data: { name, email: uniqueEmail("bulk"), country: "SWE" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

const csvFile = (rows: string[][]) => ({
  name: "payouts.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(Papa.unparse({ fields: ["employee", "amount", "currency", "description"], data: rows })),
});

test("a CSV of 50 Payouts with one bad row shows the error; after the fix all 50 are created, and the export holds the rows shown", async ({
  page,
  request,
}) => {
  const integration = await webApp(request);
  const employee = await newEmployee(request, integration, unique("Csv Person"));
  const tag = unique("Csvrow").split(" ")[1];
  const rows = Array.from({ length: 50 }, (_, i) => [employee, `${100 + i}.25`, "SEK", `Import ${tag} ${String(i).padStart(2, "0")}`]);
  const bad = rows.map((r, i) => (i === 16 ? [r[0], "lots", r[2], r[3]] : r));

  await signInOnce(page, { open: "/payouts" });
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import Payouts from CSV", level: 1 })).toBeVisible();
  await page.getByLabel("CSV file").setInputFiles(csvFile(bad));
  await expect(page.getByRole("alert").filter({ hasText: "50 rows" })).toContainText("50 rows, 1 with errors.");
  // Row 18 of the file (the header is row 1) names the column as the file writes it.
  const badRow = page.getByRole("row").filter({ has: page.getByRole("cell", { name: "18", exact: true }) });
  await expect(badRow).toContainText("amount: A valid number is required.");
  await expect(page.getByRole("button", { name: /^Create/ })).toHaveCount(0);
  // Nothing was created by the check.
  const before = await request.get(`/v2/payouts/?search=${tag}`, { headers: { ...auth(), "Integration-ID": integration } });
  expect((await before.json()).count).toBe(0);

  await page.getByLabel("CSV file").setInputFiles(csvFile(rows));
  await expect(page.getByRole("status").filter({ hasText: "50 rows, all valid." })).toBeVisible();
  await page.getByRole("button", { name: "Create 50 Payouts" }).click();
  await expect(page.getByRole("status").filter({ hasText: "50 Payouts were created." })).toBeVisible();
  const after = await request.get(`/v2/payouts/?search=${tag}`, { headers: { ...auth(), "Integration-ID": integration } });
  expect((await after.json()).count).toBe(50);

  // The filtered list, exported: every matching row (50), not only the page of 25 shown, and each shown row in it.
  await page.goto(`/payouts?q=${tag}`);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toContainText("of 50");
  const shown = await page.getByRole("table").last().getByRole("row").filter({ hasText: tag }).allTextContents();
  expect(shown).toHaveLength(25);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("payouts.csv");
  const path = await download.path();
  const { readFileSync } = await import("node:fs");
  const exported = Papa.parse<Record<string, string>>(readFileSync(path, "utf8").replace(/^\uFEFF/, ""), { header: true, skipEmptyLines: true }).data;
  expect(exported).toHaveLength(50);
  for (const text of shown) expect(exported.some((r) => text.includes(r.description))).toBe(true);
  expect(exported.find((r) => r.description === `Import ${tag} 07`)).toMatchObject({ amount: "107.25", currency: "SEK", employee });
});

test("the exported Employees CSV holds the filtered rows shown", async ({ page, request }) => {
  const integration = await webApp(request);
  const tag = unique("Csvemp").split(" ")[1];
  for (const n of ["A", "B", "C"]) await newEmployee(request, integration, `Export ${tag} ${n}`);
  await signInOnce(page, { open: `/employees?q=${tag}` });
  await expect(employeeRow(page, `Export ${tag} C`)).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const { readFileSync } = await import("node:fs");
  const exported = Papa.parse<Record<string, string>>(readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(exported.map((r) => r.name).sort()).toEqual([`Export ${tag} A`, `Export ${tag} B`, `Export ${tag} C`]);
});

test("bulk resend sends the invitations it may and names the ones the once-a-day rule skips", async ({ page, request }) => {
  const integration = await webApp(request);
  const tag = unique("Resend").split(" ")[1];
  for (const n of ["A", "B"]) await newEmployee(request, integration, `Bulk ${tag} ${n}`);
  await signInOnce(page, { open: `/employees?q=${tag}` });
  await page.getByRole("checkbox", { name: `Select Bulk ${tag} A` }).check();
  await page.getByRole("button", { name: "Resend invitations" }).click();
  await expect(page.getByRole("status")).toContainText("1 invitation will be sent again in a moment.");

  await page.getByRole("checkbox", { name: "Select all Employees on this page" }).check();
  await expect(page.getByText("2 Employees selected")).toBeVisible();
  await page.getByRole("button", { name: "Resend invitations" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "1 invitation will be sent again" });
  await expect(alert).toContainText(`Skipped Bulk ${tag} A: the invitation can be sent again at`);
  // A readable time, not an ISO timestamp.
  await expect(alert).not.toContainText("T0");
  await expect(alert).not.toContainText("Z.");
});

test("a Swedish user types 1500,50 as an amount and reads Swedish on the Payouts pages", async ({ browser, request }) => {
  const integration = await webApp(request);
  const name = unique("Svensk Person");
  await newEmployee(request, integration, name);
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInOnce(page);
  await expect(page).toHaveURL(/\/$/);
  await readIn(page, "sv");
  await page.reload();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Utbetalningar" }).click();
  await expect(page.getByRole("heading", { name: "Utbetalningar", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Ny utbetalning" }).click();
  const dialog = anyDialog(page);
  await chooseEmployee(dialog, "Anställd", name);
  const description = unique("Kassa");
  await dialog.getByRole("textbox", { name: "Belopp", exact: true }).fill("1500,50");
  await dialog.getByRole("textbox", { name: "Beskrivning" }).fill(description);
  await dialog.getByRole("button", { name: "Skapa utbetalning" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`1 500,50 kr till ${name}`);
  const row = payoutRow(page, description);
  await expect(row).toContainText("1 500,50");
  await expect(row).toContainText("Väntar på betalning");

  // The Payout's own page: amounts as Swedish money.
  await row.getByRole("link", { name: description }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(description);
  await expect(page.getByText("1 500,50 kr")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historik" })).toBeVisible();

  // The Employee's page lists it.
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { name: "Utbetalningar", level: 2 })).toBeVisible();
  await expect(payoutRow(page, description)).toBeVisible();
  await context.close();
});
