import { expect, test, type Page } from "@playwright/test";
import { createEmployee, employeeRow, goToEmployees, operatorInNewContext, signInToIntegrations, unique, uniqueEmail } from "./support";

/** Whether keyboard focus is inside the open dialog (of either role). */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"], [role="alertdialog"]') !== null);

test.beforeEach(async ({ page }) => {
  await signInToIntegrations(page);
  await goToEmployees(page);
});

test("a form dialog holds focus, closes on Escape and gives focus back to its button", async ({ page }) => {
  const opener = page.getByRole("button", { name: "New Employee" });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "New Employee" });
  await expect(dialog).toBeVisible();
  // Focus starts in the first field, not on ×.
  await expect(dialog.getByLabel("Name")).toBeFocused();
  // Tabbing round, forwards and back, never leaves the dialog for the page behind it.
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInDialog(page), `Shift+Tab ${i + 1}`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test("a confirmation is an alert dialog: focus on Cancel, held inside, Escape cancels and focus returns", async ({ page }) => {
  const name = unique("Cora Confirm");
  await createEmployee(page, { name, email: uniqueEmail("cora") });
  const remove = employeeRow(page, name).getByRole("button", { name: `Delete ${name}` });
  await remove.click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Employee" });
  await expect(confirm).toContainText(name);
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  for (let i = 0; i < 4; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInDialog(page)).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(employeeRow(page, name)).toBeVisible();
});

test("the review queue's status tabs follow the arrow keys", async ({ browser }) => {
  const { context, page } = await operatorInNewContext(browser);
  await page.goto("/review/registrations");
  const pending = page.getByRole("tab", { name: "Pending" });
  await expect(pending).toHaveAttribute("aria-selected", "true");
  await pending.focus();
  await page.keyboard.press("ArrowRight");
  const rejected = page.getByRole("tab", { name: "Rejected" });
  await expect(rejected).toBeFocused();
  await expect(rejected).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Rejected" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]status=rejected/);
  await page.keyboard.press("End");
  await expect(page.getByRole("tab", { name: "All" })).toHaveAttribute("aria-selected", "true");
  await context.close();
});
