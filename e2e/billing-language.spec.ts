import { expect, test } from "@playwright/test";
import { apiKey, seedDashboardObjects } from "./dashboard-pages";
import { readIn, users } from "./support";

test("a Swedish user sees the Payruns and Invoices pages in Swedish, amounts as kronor", async ({ browser, request }) => {
  // A Payout of its own, its Payrun closed through /v2/: the Payrun is invoiced, so it has an Invoice to show.
  const { payrun } = await seedDashboardObjects(request);
  const headers = { Authorization: `Token ${apiKey()}` };
  const integrations = (await (await request.get("/v2/integrations/?type=1", { headers })).json()) as { results: { id: string }[] };
  const scoped = { ...headers, "Integration-ID": integrations.results[0].id };
  expect((await request.post(`/v2/payruns/${encodeURIComponent(payrun)}/close/`, { headers: scoped })).status()).toBe(204);

  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("E-post").fill(users.client.email);
  await page.getByLabel("Lösenord").fill(users.client.password);
  await page.getByRole("button", { name: "Logga in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await readIn(page, "sv");
  await page.reload();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Lönekörningar", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Lönekörningar", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Pris" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toContainText("Alla statusar");
  const row = page.getByRole("row").filter({ hasText: payrun });
  await expect(row).toContainText("Fakturerad");

  await page.goto(`/payruns/${encodeURIComponent(payrun)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Lönekörning i SEK från .+\s*Fakturerad/);
  await expect(page.getByRole("heading", { name: "Uppgifter" })).toBeVisible();
  await expect(
    page
      .locator("dd")
      .filter({ hasText: /\d,\d{2}\s+kr/ })
      .first(),
  ).toBeVisible();

  await page.getByRole("link", { name: /^OCR \d+$/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Faktura \d+\s*Väntar på betalning/);
  await expect(page.getByRole("heading", { name: "Så betalar ni" })).toBeVisible();
  await expect(page.getByText("Att betala", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Simulera betalning" })).toBeVisible();

  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Fakturor", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Fakturor", level: 1 })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Att betala" })).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Väntar på betalning" }).first()).toContainText(/\d,\d{2}\s+kr/);
  await context.close();
});
