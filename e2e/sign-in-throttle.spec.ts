import { expect, test } from "@playwright/test";
import { unique } from "./support";

test("after too many failed sign-ins the page says when to try again", async ({ page }) => {
  // An address nobody else uses: failures count per email whether or not someone has it.
  const email = `${unique("locked").replace(/\W+/g, "-")}@example.test`;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  const alert = page.getByRole("alert").filter({ hasText: /\w/ }); // Next's route announcer is an empty alert too
  for (let i = 1; i <= 5; i++) {
    await page.getByLabel("Password").fill(`wrong-password-${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText(/invalid email or password/i);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  }
  await page.getByLabel("Password").fill("wrong-password-6");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert).toHaveText(/^Too many sign-in attempts\. Try again in 15 minutes \(at \d{1,2}[:.]\d{2}( [AP]M)?\)\.$/);
  await expect(page).toHaveURL(/\/login/);
});
