import { expect, test } from "@playwright/test";
import { signIn } from "./support";

test("a Swedish browser gets the dashboard in Swedish; the switch changes and keeps the language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Huvudmeny" });
  await expect(nav.getByRole("link", { name: "Utbetalningar" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");

  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Payouts" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  // The API's errors follow the choice too: the server reads the same cookie.
  await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
  await expect(page.getByRole("button", { name: "Logga ut" })).toBeVisible();
  const answer = await page.request.get("/v2/employees/does-not-exist/", { headers: { Accept: "application/json" } });
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toEqual({ detail: "Hittades inte." });
  await context.close();
});
