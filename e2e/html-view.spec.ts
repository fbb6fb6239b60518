import { expect, test } from "@playwright/test";
import { createIntegration, signInToIntegrations, unique } from "./support";

test("the API's HTML view escapes values and links each id to its page", async ({ page }) => {
  await signInToIntegrations(page);
  const name = unique("Tag <b>bold</b>");
  const id = `html-${Date.now().toString(36)}`;
  await createIntegration(page, { id, name });

  await page.goto(`/v2/integrations/${id}/`);
  await expect(page.getByRole("heading", { name: "Retrieve an Integration" })).toBeVisible();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(page.locator("b")).toHaveCount(0);

  await page.goto("/v2/integrations/");
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(page.locator("b")).toHaveCount(0);
  const list = await page.request.get("/v2/integrations/?format=json");
  const { results }: { results: { id: string }[] } = await list.json();
  expect(results.map((r) => r.id)).toContain(id);
  for (const r of results) {
    await expect(page.getByRole("link", { name: r.id, exact: true })).toHaveAttribute("href", `/v2/integrations/${encodeURIComponent(r.id)}/`);
  }

  await page.getByRole("link", { name: id, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/v2/integrations/${id}/$`));
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
});
