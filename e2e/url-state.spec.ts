import { expect, test, type APIRequestContext } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { employeeRow, signInToIntegrations, switchEnvironment, unique, uniqueEmail } from "./support";

const auth = () => ({ Authorization: `Token ${apiKey()}` });

async function webAppIntegration(request: APIRequestContext): Promise<string> {
  const res = await request.get("/v2/integrations/?type=1", { headers: auth() });
  return (await res.json()).results[0].id;
}

async function createEmployees(request: APIRequestContext, integration: string, names: string[]): Promise<void> {
  for (const name of names) {
    const create = () =>
      request.post("/v2/employees/", {
        headers: { ...auth(), "Integration-ID": integration },
        data: { name, email: uniqueEmail("url"), country: "SWE" },
      });
    let res = await create();
    // The demo key's rate limit (25/s): wait as the API says, as a well-behaved client does.
    while (res.status() === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers()["retry-after"] ?? "1") * 1000));
      res = await create();
    }
    expect(res.status()).toBe(201);
  }
}

test("Back from an Employee restores the list's search, filters and page", async ({ page, request }) => {
  const tag = unique("Urlstate").split(" ")[1];
  // 26 matches: two pages of 25.
  await createEmployees(
    request,
    await webAppIntegration(request),
    Array.from({ length: 26 }, (_, i) => `Backtest ${tag} ${String(i).padStart(2, "0")}`),
  );
  const today = new Date().toISOString().slice(0, 10);

  await signInToIntegrations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employees" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(tag);
  await page.getByLabel("Created from").fill(today);
  const pager = page.getByRole("navigation", { name: "Pagination" });
  await expect(pager).toContainText("1–25 of 26");
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("26–26 of 26");
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page).toHaveURL(/[?&]page=2/);

  // Open the Employee on page 2, then go Back.
  const row = page.getByRole("row").filter({ hasText: tag });
  await expect(row).toHaveCount(1);
  const name = (await row.getByRole("link").first().textContent()) ?? "";
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
  await expect(page.getByLabel("Created from")).toHaveValue(today);
  await expect(pager).toContainText("26–26 of 26");
  await expect(employeeRow(page, name)).toBeVisible();

  // Back again steps through the page change; a reload keeps the view too.
  await page.goBack();
  await expect(pager).toContainText("1–25 of 26");
  await page.reload();
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
  await expect(pager).toContainText("1–25 of 26");
});

test("a shared link opens the same view: environment, Integration, search and filter", async ({ page, browser, request }) => {
  // A second Integration in demo with one Employee that only it has.
  const name = unique("Shared Integration");
  const created = await request.post("/v2/integrations/", {
    headers: auth(),
    data: { name, email: "billing@example.com", recipient: "AP", address_line_1: "1 Main Street", zip_code: "1011 AB", city: "Amsterdam" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const integration: string = (await created.json()).id;
  const person = unique("Shared Person");
  await createEmployees(request, integration, [person]);

  // The sharer: the Employees page of that Integration, searched.
  await signInToIntegrations(page);
  await page.getByRole("combobox", { name: "Integration" }).selectOption({ label: name });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employees" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(person);
  const today = new Date().toISOString().slice(0, 10);
  await page.getByLabel("Created from").fill(today);
  await expect(employeeRow(page, person)).toBeVisible();
  // The row can show before the date reaches the address (the list answers the search first): wait for both.
  await expect(page).toHaveURL(new RegExp(`[?&]from=${today}(&|$)`));
  const shared = new URL(page.url());
  expect(shared.searchParams.get("from")).toBe(today);
  expect(shared.searchParams.get("q")).toBe(person);

  // The recipient, signed in elsewhere and looking at live with the web-app Integration, opens it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInToIntegrations(other);
  await switchEnvironment(other, "Live");
  const link = `${shared.pathname}?${new URLSearchParams({ env: "demo", integration, q: person, from: today })}`;
  await other.goto(link);
  await expect(other.getByRole("radio", { name: "Demo" })).toBeChecked();
  await expect(other.getByRole("combobox", { name: "Integration" })).toHaveValue(integration);
  await expect(other.getByRole("searchbox", { name: "Search" })).toHaveValue(person);
  await expect(other.getByLabel("Created from")).toHaveValue(today);
  await expect(employeeRow(other, person)).toBeVisible();
  await context.close();
});
