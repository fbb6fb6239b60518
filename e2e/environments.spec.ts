import { expect, test } from "@playwright/test";
import { createIntegration, integrationRow, signInToIntegrations, unique, users } from "./support";

test("an Integration created in demo is not listed in live", async ({ page }) => {
  await signInToIntegrations(page);
  await expect(page.getByRole("radio", { name: "Demo" })).toBeChecked();
  await expect(page.getByText("Demo environment")).toBeVisible();
  const name = unique("Demo only");
  await createIntegration(page, { name });

  await page.getByRole("radio", { name: "Live" }).check();
  await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
  await expect(page.getByText("Demo environment")).toHaveCount(0);
  // Live has its own web-app Integration; the demo one is gone from the list.
  await expect(integrationRow(page, users.client.account)).toBeVisible();
  await expect(integrationRow(page, name)).toHaveCount(0);

  // The choice is a cookie, so it survives a reload.
  await page.reload();
  await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
  await expect(integrationRow(page, users.client.account)).toBeVisible();
  await expect(integrationRow(page, name)).toHaveCount(0);

  await page.getByRole("radio", { name: "Demo" }).check();
  await expect(integrationRow(page, name)).toBeVisible();
});
