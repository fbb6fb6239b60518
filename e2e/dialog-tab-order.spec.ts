import { expect, test } from "@playwright/test";
import { signInOnce } from "./support";

/**
 * Tab from a dialog's first field, with every field left empty, reaches its Create button: no field (an empty
 * country or Employee picker, whose list of matches is open) keeps the keyboard to itself.
 */
const DIALOGS = [
  { path: "/employees", open: "New Employee", submit: "Create Employee" },
  { path: "/payouts", open: "New Payout", submit: "Create Payout" },
  { path: "/integrations", open: "New Integration", submit: "Create Integration" },
  { path: "/registrations", open: "New Registration", submit: "Create Registration" },
  { path: "/prepayments", open: "New prepayment", submit: "Create prepayment" },
];

test.beforeEach(async ({ page }) => {
  // Signed in, no page yet: each test opens its list.
  await signInOnce(page, { open: null });
});

for (const dialog of DIALOGS) {
  test(`Tab reaches "${dialog.submit}" in "${dialog.open}" with every field empty`, async ({ page }) => {
    await page.goto(dialog.path);
    await page.getByRole("button", { name: dialog.open, exact: true }).first().click();
    const box = page.getByRole("dialog");
    await expect(box).toBeVisible();
    const submit = box.getByRole("button", { name: dialog.submit });
    let reached = false;
    const passed: string[] = [];
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press("Tab");
      reached = await submit.evaluate((el) => el === document.activeElement);
      passed.push(
        await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.id ?? document.activeElement?.tagName ?? ""),
      );
    }
    expect(reached, `focus went: ${passed.join(" → ")}`).toBe(true);
  });
}
