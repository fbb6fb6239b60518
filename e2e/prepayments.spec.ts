import { expect, test } from "@playwright/test";
import { closeOpenSekPayruns } from "./billing";
import {
  anyDialog,
  createEmployee,
  createPayout,
  goToEmployees,
  goToSection,
  payoutRow,
  payrunOfRow,
  signInToIntegrations,
  unique,
  uniqueEmail,
} from "./support";

test("a prepayment is created, issued and paid in demo, then a Payrun that closes uses it up", async ({ page, request }) => {
  test.setTimeout(120_000);
  await closeOpenSekPayruns(request);
  await signInToIntegrations(page);

  // Exactly what the Payout below costs with VAT (1,379.91 + 344.98), so that no balance is left for other specs.
  await goToSection(page, "Prepayments");
  await page.getByRole("button", { name: "New prepayment" }).click();
  const description = unique("Prepaid salaries");
  const dialog = anyDialog(page);
  await dialog.getByLabel("Description").fill(description);
  await dialog.getByLabel("Amount").fill("1724.89");
  await dialog.getByRole("button", { name: "Create prepayment" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Draft`));

  await page.getByRole("button", { name: "Issue invoice" }).click();
  await anyDialog(page).getByRole("button", { name: "Issue invoice" }).click();
  await expect(page.getByRole("status")).toContainText("Invoice issued.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Invoiced`));

  await page.getByRole("button", { name: "Simulate payment" }).click();
  await anyDialog(page).getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toContainText("Payment recorded");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Paid`));
  await expect(page.getByText("No Payrun has used it yet.")).toBeVisible();
  const prepaymentUrl = page.url();

  // A Payout the prepaid money covers is notified at once; closing its Payrun uses the prepayment up and pays it.
  await goToEmployees(page);
  const name = unique("Petra Prepaid");
  await createEmployee(page, { name, email: uniqueEmail("petra"), country: "SWE" });
  await goToSection(page, "Payouts");
  const payoutDescription = unique("Prepaid shift");
  await createPayout(page, { employee: name, figure: "1000", description: payoutDescription });
  const payrunId = await payrunOfRow(payoutRow(page, payoutDescription));
  await page.goto(`/payruns/${encodeURIComponent(payrunId)}`);
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await anyDialog(page).getByRole("button", { name: "Close Payrun" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^SEK Payrun of .+\s*Paid/);

  await page.goto(prepaymentUrl);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`${description}\\s*Used up`));
  // The use names its Payrun (as lists do) and links to it.
  const use = page.getByRole("row").filter({ has: page.locator(`a[href^="/payruns/${encodeURIComponent(payrunId)}?"]`) });
  await expect(use).toContainText("1,724.89");
  await use.getByRole("link", { name: /SEK Payrun of/ }).click();
  await expect(page).toHaveURL(new RegExp(`/payruns/${payrunId}(\\?|$)`));
});
