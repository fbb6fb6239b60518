import { expect, test } from "@playwright/test";
import { createEmployee, createIntegration, employeeRow, goToEmployees, signInToIntegrations, unique, uniqueEmail, users } from "./support";

test("Employees belong to the Integration chosen in the top bar, which follows the environment", async ({ page }) => {
  await signInToIntegrations(page);
  const picker = page.getByRole("combobox", { name: "Integration" });
  // Without a choice, the account's web-app Integration.
  await expect(picker.locator("option:checked")).toHaveText(users.client.account);

  const side = unique("Side gig");
  await createIntegration(page, { name: side });
  await goToEmployees(page);
  const mainEmployee = unique("Mona Main");
  await createEmployee(page, { name: mainEmployee, email: uniqueEmail("mona") });

  // Another Integration has Employees of its own.
  await picker.selectOption({ label: side });
  await expect(page.getByText(`The people ${side} pays`)).toBeVisible();
  await expect(employeeRow(page, mainEmployee)).toHaveCount(0);
  const sideEmployee = unique("Sid Side");
  await createEmployee(page, { name: sideEmployee, email: uniqueEmail("sid") });

  // The choice is a cookie: it survives a reload.
  await page.reload();
  await expect(picker.locator("option:checked")).toHaveText(side);
  await expect(employeeRow(page, sideEmployee)).toBeVisible();

  // Live has other Integrations: the choice falls back to live's web-app Integration, then back again.
  await page.getByLabel("Live").check();
  await expect(page.getByText(`The people ${users.client.account} pays`)).toBeVisible();
  await expect(picker.locator("option", { hasText: side })).toHaveCount(0);
  await expect(employeeRow(page, sideEmployee)).toHaveCount(0);
  await expect(employeeRow(page, mainEmployee)).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: /Integration/ })).toHaveCount(0);

  await page.getByLabel("Demo").check();
  await expect(page.getByText(`The people ${users.client.account} pays`)).toBeVisible();
  await expect(employeeRow(page, mainEmployee)).toBeVisible();
});
