import { execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import { closeOpenSekPayruns } from "./billing";
import {
  anyDialog,
  createEmployee,
  fillPayoutForm,
  goToEmployees,
  goToSection,
  invitationLink,
  payoutRow,
  payrunOfRow,
  signInToIntegrations,
  unique,
  uniqueEmail,
  useEmployeeLink,
} from "./support";

test("a client closes a Payrun, downloads its Invoice PDF, simulates payment in demo; the Employee then sees the Payout", async ({
  page,
  browser,
  request,
}) => {
  // A long flow (two browsers, the worker in between) on a shared machine.
  test.setTimeout(120_000);
  await closeOpenSekPayruns(request);
  await signInToIntegrations(page);
  await goToEmployees(page);
  const name = unique("Ivar Invoiced");
  const email = uniqueEmail("ivar");
  await createEmployee(page, { name, email, country: "SWE" });
  await goToSection(page, "Payouts");
  await page.getByRole("button", { name: "New Payout" }).click();
  const description = unique("Invoiced shift");
  await fillPayoutForm(page, { employee: name, figure: "1000", description });
  await anyDialog(page).getByRole("button", { name: "Create Payout" }).click();
  await expect(anyDialog(page)).toHaveCount(0);
  const payrunId = await payrunOfRow(payoutRow(page, description));

  // Closing the Payrun issues its Invoice.
  await page.goto(`/payruns/${encodeURIComponent(payrunId)}`);
  await page.getByRole("button", { name: "Close", exact: true }).click();
  await anyDialog(page).getByRole("button", { name: "Close Payrun" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^SEK Payrun of .+\s*Invoiced/);
  const invoiceLink = page.getByRole("link", { name: /^OCR \d+$/ });
  const ocr = ((await invoiceLink.textContent()) ?? "").replace("OCR ", "");
  await invoiceLink.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`Invoice ${ocr}\\s*Awaiting payment`));
  await expect(page.getByText("SEK 1,724.89", { exact: true }).first()).toBeVisible(); // 1,379.91 cost + 344.98 VAT

  // The PDF downloads and reads back with the OCR reference and the Payout line.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download PDF" }).click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${ocr}.pdf`);
  const text = execFileSync("pdftotext", ["-layout", (await download.path()) ?? "", "-"], { encoding: "utf8" });
  expect(text).toContain(`OCR reference: ${ocr}`);
  expect(text).toContain(description);
  expect(text).toContain("SEK 1,724.89"); // the account writes English (its default language): SEK and a comma between thousands

  // Demo: "Simulate payment" stands in for the bank transfer.
  await page.getByRole("button", { name: "Simulate payment" }).click();
  await anyDialog(page).getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByRole("status")).toContainText("Payment recorded");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(new RegExp(`Invoice ${ocr}\\s*Paid`));
  await expect(page.getByRole("button", { name: "Simulate payment" })).toHaveCount(0);

  // The Employee finds the Payout to accept once the worker has notified it.
  const employeeContext = await browser.newContext();
  const app = await employeeContext.newPage();
  await app.goto(await invitationLink(email));
  await useEmployeeLink(app);
  await expect(app).toHaveURL(/\/e$/);
  const item = app.getByRole("region", { name: "Payouts" }).getByRole("listitem", { name: description });
  await expect(async () => {
    await app.reload();
    await expect(item).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(item.getByRole("button", { name: `Accept ${description}` })).toBeVisible();
  await employeeContext.close();
});
