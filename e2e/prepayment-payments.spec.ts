import { expect, test } from "@playwright/test";
import { anyDialog, goToSection, operatorInNewContext, signInToIntegrations, unique, users } from "./support";

test("an operator marks a live prepayment's Invoice paid, and the client's prepayment shows Paid", async ({ page, browser }) => {
  test.setTimeout(120_000);
  // In live no one can simulate the payment: the review team records it when the bank transfer arrives.
  await signInToIntegrations(page);
  await page.getByLabel("Live").check();
  await expect(page.getByLabel("Live")).toBeChecked();
  // Live's web-app Integration replaces the demo one in the picker before anything is created.
  await expect(page.getByRole("combobox", { name: "Integration" }).locator("option:checked")).toHaveText(users.client.account);
  // A fresh page load: the dashboard then sends live's Integration, not the demo one chosen before the switch.
  await page.goto("/prepayments");
  await expect(page.getByRole("heading", { name: "Prepayments", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /Integration/ })).toHaveCount(0);
  await page.getByRole("button", { name: "New prepayment" }).click();
  const description = unique("Live prepayment");
  await anyDialog(page).getByLabel("Description").fill(description);
  await anyDialog(page).getByLabel("Amount").fill("2500.50");
  await anyDialog(page).getByRole("button", { name: "Create prepayment" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Draft`));
  const prepaymentId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop() ?? "");
  await page.getByRole("button", { name: "Issue invoice" }).click();
  await anyDialog(page).getByRole("button", { name: "Issue invoice" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Invoiced`));
  await expect(page.getByRole("button", { name: "Simulate payment" })).toHaveCount(0);

  const { context, page: operator } = await operatorInNewContext(browser);
  await goToSection(operator, "Prepayment payments");
  await expect(operator.getByRole("heading", { name: "Prepayment payments", level: 1 })).toBeVisible();
  const unpaid = operator.getByRole("row").filter({ hasText: prepaymentId });
  await expect(unpaid).toContainText(users.client.account);
  await expect(unpaid).toContainText("Live");
  await expect(unpaid).toContainText("SEK 2,500.50");
  await unpaid.getByRole("button", { name: /^Mark paid Invoice \d+$/ }).click();
  await expect(anyDialog(operator)).toContainText(prepaymentId);
  await anyDialog(operator).getByRole("button", { name: "Mark paid" }).click();
  await expect(operator.getByRole("status")).toContainText(`prepayment ${prepaymentId} is available`);
  await expect(unpaid).toHaveCount(0);
  await context.close();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Paid`));
  await expect(page.getByText("No Payrun has used it yet.")).toBeVisible();
});
