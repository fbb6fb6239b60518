import { expect, test } from "@playwright/test";
import { createEmployee, createIntegration, integrationRow, signInToIntegrations, unique, uniqueEmail, users } from "./support";

test("an Integration's page shows its details and settings and opens its Employees, Payouts, Payruns, Invoices and webhooks", async ({ page }) => {
  await signInToIntegrations(page);
  const name = unique("Page Co");
  const id = unique("page-co").replace(" ", "-");
  await createIntegration(page, { id, name, email: "ap@page.example", city: "Malmö" });

  // From the list, by its name.
  await integrationRow(page, name).getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/integrations/${id}(\\?|$)`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page).toHaveTitle(`Integration · Payroute`);
  const details = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Details" }) });
  await expect(details.getByText("ap@page.example")).toBeVisible();
  await expect(details.getByText("1 Main Street, 1011 AB Malmö")).toBeVisible();
  await expect(details.getByText("Accounts Payable")).toBeVisible();
  await expect(details.getByText("Demo", { exact: true })).toBeVisible();
  await expect(details.getByRole("link", { name: "Open in the API browser" })).toHaveAttribute("href", `/v2/integrations/${id}/`);
  const billing = page.locator(".card").filter({ has: page.getByRole("heading", { name: "Billing settings" }) });
  await expect(billing.getByText("SEK")).toBeVisible();
  await expect(billing.getByText("14 days")).toBeVisible();

  // Links into each Integration-scoped list, with this Integration (and environment) in the URL.
  const objects = page.getByRole("region", { name: "Its objects" });
  for (const view of ["Employees", "Payouts", "Payruns", "Invoices", "Webhooks"]) {
    await expect(objects.getByRole("link", { name: view, exact: true })).toHaveAttribute("href", `/${view.toLowerCase()}?integration=${id}&env=demo`);
  }
  await expect(page.getByTestId("count-employees")).toHaveText("0");

  // The Employees link opens that list with the Integration chosen in the top bar: a new Employee is its.
  await objects.getByRole("link", { name: "Employees", exact: true }).click();
  await expect(page).toHaveURL(/\/employees\?/);
  await expect(page.getByRole("combobox", { name: "Integration" }).locator("option:checked")).toHaveText(name);
  await expect(page.getByText(`The people ${name} pays`)).toBeVisible();
  await createEmployee(page, { name: unique("Paula Page"), email: uniqueEmail("paula") });
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByTestId("count-employees")).toHaveText("1");
  await expect(page.getByTestId("count-payouts")).toHaveText("0");

  await objects.getByRole("link", { name: "Payouts", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payouts" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Integration" }).locator("option:checked")).toHaveText(name);
  await page.goBack();

  // Edited from its page; a new id moves the page to its new address.
  await page.getByRole("button", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("ID").fill(`${id}-2`);
  await dialog.getByLabel("City").fill("Lund");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/integrations/${id}-2(\\?|$)`));
  await expect(details.getByText("1 Main Street, 1011 AB Lund")).toBeVisible();
});

test("the web-app Integration's page offers no Delete, and an unknown Integration says so", async ({ page }) => {
  await signInToIntegrations(page);
  await integrationRow(page, users.client.account).getByRole("link", { name: users.client.account, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(users.client.account);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Web app");
  await expect(page.getByRole("button", { name: "Edit" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);

  await page.goto("/integrations/no-such-integration");
  await expect(page.getByRole("alert").filter({ hasText: "No Integration no-such-integration in this environment." })).toBeVisible();
  await page.getByRole("link", { name: "← Integrations" }).click();
  await expect(page).toHaveURL(/\/integrations$/);
});

test("an operator is told Integrations belong to client accounts", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(users.operator.email);
  await page.getByLabel("Password").fill(users.operator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.operator.name);
  await page.goto("/integrations/anything");
  await expect(page.getByText("Integrations belong to client accounts")).toBeVisible();
});
