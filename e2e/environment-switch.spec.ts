import { expect, test } from "@playwright/test";
import { createIntegration, employeeRow, fillEmployeeForm, signInToIntegrations, unique, uniqueEmail, users } from "./support";

/**
 * The first write after switching environments acts in the new one: the Integration cookie must not still name
 * the other environment's Integration while the top bar reloads its list.
 */
for (const chosen of ["web-app", "side"] as const) {
  test(`right after switching to Live, a new Employee lands in live's Integration (demo's ${chosen} Integration chosen before)`, async ({ page }) => {
    await signInToIntegrations(page);
    const picker = page.getByRole("combobox", { name: "Integration" });
    if (chosen === "side") {
      const side = unique("Demo side");
      await createIntegration(page, { name: side });
      await picker.selectOption({ label: side });
      await expect(picker.locator("option:checked")).toHaveText(side);
    }
    await expect(page.getByRole("radio", { name: "Demo" })).toBeChecked();

    // Switch, then at once go on and create: no waiting for the top bar to settle.
    await page.getByRole("radio", { name: "Live" }).check();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employees" }).click();
    await page.getByRole("button", { name: "New Employee" }).click();
    const name = unique("Liv Live");
    await fillEmployeeForm(page, { name, email: uniqueEmail("liv") });
    await page.getByRole("dialog").getByRole("button", { name: "Create Employee" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(employeeRow(page, name)).toBeVisible();

    // After a reload (the state a person trusts), it is live's web-app Integration's Employee, and demo has none such.
    await page.reload();
    await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
    await expect(picker.locator("option:checked")).toHaveText(users.client.account);
    await expect(employeeRow(page, name)).toBeVisible();
    await page.getByRole("radio", { name: "Demo" }).check();
    await expect(page.getByText(`The people ${users.client.account} pays`)).toBeVisible();
    await expect(employeeRow(page, name)).toHaveCount(0);
    await page.getByRole("radio", { name: "Live" }).check();
    await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
  });
}
