import { expect, test } from "@playwright/test";
import {
  anyDialog,
  createEmployee,
  fillPayoutForm,
  goToEmployees,
  goToSection,
  invitationLink,
  payoutRow,
  payrunOfRow,
  screenshot,
  signInOnce,
  signInToIntegrations,
  unique,
  uniqueEmail,
  users,
  useEmployeeLink,
} from "./support";

test("a Payout created in the dashboard is paid by an operator and accepted by the Employee", async ({ page, browser }) => {
  // The client creates an Employee in Sweden (demo, the default environment): Swedish pricing, in SEK.
  await signInToIntegrations(page);
  await goToEmployees(page);
  const name = unique("Pia Payee");
  const email = uniqueEmail("pia");
  await createEmployee(page, { name, email, country: "SWE" });

  // The create form prices the Payout as it is typed, before anything is saved.
  await goToSection(page, "Payouts");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "New Payout" }).click();
  const dialog = anyDialog(page);
  const description = unique("Catering shift");
  await fillPayoutForm(page, { employee: name, figure: "1000", description });
  await expect(dialog.getByRole("textbox", { name: "Currency" })).toHaveValue("SEK");
  const breakdown = dialog.getByRole("complementary", { name: "Price breakdown" });
  // SE: payroll 31.42 % of the amount, the fee 5 % of the invoiced amount, VAT 25 % of the cost.
  await expect(breakdown.getByRole("row", { name: /^Amount/ })).toContainText("SEK 1,000.00");
  await expect(breakdown.getByRole("row", { name: /^Payroll contributions/ })).toContainText("SEK 314.20");
  await expect(breakdown.getByRole("row", { name: /^Fee/ })).toContainText("SEK 65.71");
  await expect(breakdown.getByRole("row", { name: /^Cost/ })).toContainText("SEK 1,379.91");
  await screenshot(page, "payout-create");
  await dialog.getByRole("button", { name: "Create Payout" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status")).toContainText(`SEK 1,000.00 to ${name} was created in SEK Payrun of`);

  const row = payoutRow(page, description);
  await expect(row.getByRole("link", { name, exact: true })).toBeVisible();
  await expect(row).toContainText("1,000.00");
  await expect(row).toContainText("1,379.91");
  await expect(row).toContainText("Awaiting payment");
  const payrunId = await payrunOfRow(row);
  const payrunName = (await row.locator('a[href^="/payruns/"]').innerText()).trim();

  // The Payout's own page names its Payrun as the list does, never by its id.
  await row.getByRole("link", { name: description }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(description);
  const payrunLink = page.getByRole("link", { name: payrunName, exact: true });
  await expect(payrunLink).toHaveAttribute("href", new RegExp(`^/payruns/${encodeURIComponent(payrunId)}\\?`));
  await expect(page.getByText(payrunId, { exact: true })).toHaveCount(0);
  await page.goBack();

  // Its Payrun is open and lists it.
  await row.locator(`a[href^="/payruns/${encodeURIComponent(payrunId)}?"]`).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^SEK Payrun of .+\s*Open/);
  await expect(page.getByText(payrunId, { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Close", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Payouts" }).getByRole("row").filter({ hasText: description })).toBeVisible();
  await screenshot(page, "payrun-detail");

  // An operator, in a browser of their own, records the payment.
  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInOnce(operator, { as: users.operator });
  await goToSection(operator, "Payrun payments");
  await expect(operator.getByRole("heading", { name: "Payrun payments", level: 1 })).toBeVisible();
  const unpaid = operator.getByRole("row").filter({ hasText: payrunId });
  await expect(unpaid).toContainText(users.client.account);
  await screenshot(operator, "payrun-payments");
  await unpaid.getByRole("button", { name: `Mark paid Payrun ${payrunId}` }).click();
  await anyDialog(operator).getByRole("button", { name: "Mark paid" }).click();
  await expect(operator.getByRole("status")).toContainText(`Payrun ${payrunId} is paid`);
  await expect(unpaid).toHaveCount(0);
  await operatorContext.close();

  // The Employee signs in with the invitation (on a phone) and finds the Payout once the worker has notified it.
  const link = await invitationLink(email);
  const employeeContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const app = await employeeContext.newPage();
  await app.goto(link);
  await useEmployeeLink(app);
  await expect(app).toHaveURL(/\/e$/);
  const payouts = app.getByRole("region", { name: "Payouts" });
  const item = payouts.getByRole("listitem", { name: description });
  await expect(async () => {
    await app.reload();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  // Money in the reader's language: in English the currency code comes first.
  await expect(item).toContainText("SEK 1,000.00");
  await expect(item).toContainText(`From ${users.client.account}`);
  await screenshot(app, "employee-payout-to-accept");
  await item.getByRole("button", { name: `Accept ${description}` }).click();
  await expect(item).toContainText("Accepted on");
  await expect(item.getByRole("button")).toHaveCount(0);
  await screenshot(app, "employee-payouts");
  await employeeContext.close();

  // Back in the dashboard the Payout is accepted, and its Payrun paid.
  await page.goto("/payouts");
  await expect(payoutRow(page, description)).toContainText("Accepted");
  await page.goto(`/payruns/${encodeURIComponent(payrunId)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^SEK Payrun of .+\s*Paid/);
  await expect(page.getByRole("button", { name: "Close", exact: true })).toHaveCount(0);
});
