import { expect, test, type Page } from "@playwright/test";
import { formatCents, parseCents } from "../src/dashboard/money";
import {
  anyDialog,
  chooseEmployee,
  createEmployee,
  createPayout,
  fillPayoutForm,
  goToEmployees,
  goToSection,
  payoutRow,
  payrunOfRow,
  screenshot,
  signInToIntegrations,
  unique,
  uniqueEmail,
} from "./support";

/** A new Employee in Sweden (priced in SEK), then the Payouts page. */
async function employeeInSweden(page: Page, prefix: string): Promise<string> {
  await signInToIntegrations(page);
  await goToEmployees(page);
  const name = unique(prefix);
  await createEmployee(page, { name, email: uniqueEmail(prefix.split(" ")[0].toLowerCase()), country: "SWE" });
  await goToSection(page, "Payouts");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  return name;
}

test("totals per currency add up exactly the Payouts the filters match", async ({ page }) => {
  const name = await employeeInSweden(page, "Tove Totals");
  const first = unique("Evening shift");
  const second = unique("Night shift");
  await createPayout(page, { employee: name, figure: "1000.10", description: first });
  await createPayout(page, { employee: name, figure: "2000.25", description: second, basis: "Amount" });

  // Only this Employee's Payouts: the totals cover the two of them, whatever else the Integration pays.
  await chooseEmployee(page.getByRole("search"), "Employee", name);
  await expect(page.getByRole("row").filter({ hasText: "shift" })).toHaveCount(2);
  const costs = await Promise.all([first, second].map((d) => payoutRow(page, d).getByRole("cell").nth(3).textContent()));
  const totals = page.getByRole("table", { name: "Totals per currency" });
  const sek = totals.getByRole("row", { name: /^SEK/ });
  await expect(sek.getByRole("cell").nth(0)).toHaveText("2");
  await expect(sek.getByRole("cell").nth(1)).toHaveText("SEK 3,000.35");
  // The cost column is summed in exact cents from the rows' decimal strings.
  const costSum = costs.reduce((sum, text) => sum + parseCents((text ?? "").replace(/^SEK\s*/, "").replace(/,/g, "")), 0n);
  await expect(sek.getByRole("cell").nth(2)).toHaveText(`SEK ${formatCents(costSum)}`);
  await screenshot(page, "payouts-filtered");

  // Neither is accepted: that filter matches nothing, and there is nothing to total.
  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Accepted" });
  await expect(page.getByText("No Payouts match these filters.")).toBeVisible();
  await expect(totals).toHaveCount(0);
  await page.getByRole("search").getByLabel("Status").selectOption({ label: "Awaiting payment" });
  await expect(sek.getByRole("cell").nth(1)).toHaveText("SEK 3,000.35");

  // The search narrows the totals too.
  await page.getByRole("search").getByLabel("Search").fill(second);
  await expect(sek.getByRole("cell").nth(0)).toHaveText("1");
  await expect(sek.getByRole("cell").nth(1)).toHaveText("SEK 2,000.25");
});

test("the create form shows the server's field errors, and the breakdown says what cannot be priced", async ({ page }) => {
  const name = await employeeInSweden(page, "Fia Fields");
  await page.getByRole("button", { name: "New Payout" }).click();
  const dialog = anyDialog(page);

  // Nothing filled in: every required field is named by the server.
  await dialog.getByRole("button", { name: "Create Payout" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please correct the highlighted fields.");
  await expect(dialog.getByRole("combobox", { name: "Employee" })).toHaveAccessibleDescription(/This field is required\./);
  await expect(dialog.getByRole("textbox", { name: "Amount", exact: true })).toHaveAccessibleDescription(/A valid number is required\./);
  await expect(dialog.getByRole("textbox", { name: "Description" })).toHaveAccessibleDescription(/This field may not be blank\./);

  // A currency the Employee's country does not pay in: the live breakdown says so before submitting, and so does the form.
  const description = unique("Weekend shift");
  await fillPayoutForm(page, { employee: name, figure: "100", description });
  await dialog.getByRole("textbox", { name: "Currency" }).fill("eur");
  await expect(dialog.getByRole("complementary", { name: "Price breakdown" })).toContainText('cannot be made in "EUR". Use SEK.');
  await dialog.getByRole("button", { name: "Create Payout" }).click();
  await expect(dialog.getByRole("textbox", { name: "Currency" })).toHaveAccessibleDescription(/cannot be made in "EUR"\. Use SEK\./);
  await expect(dialog.getByRole("textbox", { name: "Description" })).not.toHaveAttribute("aria-invalid");

  // Corrected, with the cost as the figure: it is created at that cost.
  await dialog.getByRole("textbox", { name: "Currency" }).fill("SEK");
  await dialog.getByRole("radio", { name: /^Cost\b/ }).check();
  await dialog.getByRole("textbox", { name: "Cost", exact: true }).fill("500.05");
  await expect(dialog.getByRole("complementary", { name: "Price breakdown" }).getByRole("row", { name: /^Cost/ })).toContainText("SEK 500.05");
  await dialog.getByRole("button", { name: "Create Payout" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(payoutRow(page, description)).toContainText("500.05");
});

test("a Payrun is closed, and an empty unpaid one deleted", async ({ page }) => {
  const name = await employeeInSweden(page, "Cleo Close");
  const kept = unique("Kept shift");
  await createPayout(page, { employee: name, figure: "300", description: kept });
  const closedId = await payrunOfRow(payoutRow(page, kept));

  // Closing asks first; a closed (invoiced) Payrun with Payouts cannot be deleted.
  await payoutRow(page, kept)
    .locator(`a[href^="/payruns/${encodeURIComponent(closedId)}?"]`)
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Open/);
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await expect(anyDialog(page)).toContainText("cannot be reopened");
  await anyDialog(page).getByRole("button", { name: "Close Payrun" }).click();
  await expect(anyDialog(page)).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Invoiced/);
  await expect(page.getByRole("button", { name: "Close", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);

  // The next Payout opens a new Payrun; deleting it (its Payrun is unpaid) leaves that Payrun empty.
  await goToSection(page, "Payouts");
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  const dropped = unique("Dropped shift");
  await createPayout(page, { employee: name, figure: "200", description: dropped });
  const emptyId = await payrunOfRow(payoutRow(page, dropped));
  expect(emptyId).not.toBe(closedId);
  await payoutRow(page, dropped)
    .getByRole("button", { name: `Delete ${dropped}` })
    .click();
  await anyDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(anyDialog(page)).toHaveCount(0);
  await expect(payoutRow(page, dropped)).toHaveCount(0);

  await page.goto(`/payruns/${encodeURIComponent(emptyId)}`);
  await expect(page.getByText("This Payrun has no Payouts.")).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await anyDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/payruns$/);
  await expect(page.getByRole("link", { name: emptyId })).toHaveCount(0);
  const closedRow = page.getByRole("row").filter({ hasText: closedId });
  await expect(closedRow).toContainText("Invoiced");
});
