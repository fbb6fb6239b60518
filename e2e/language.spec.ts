import { expect, test, type Page } from "@playwright/test";
import { signIn, users } from "./support";

/** The sign-in form as a Swedish browser shows it. */
async function signInSwedish(page: Page): Promise<void> {
  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Logga in i din kontrollpanel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Glömt lösenordet?" })).toBeVisible();
  await page.getByLabel("E-post").fill(users.client.email);
  await page.getByLabel("Lösenord").fill(users.client.password);
  await page.getByRole("button", { name: "Logga in" }).click();
}

/** The language saved on the signed-in person's row (the language switch saves it). */
async function savedLocale(page: Page): Promise<string | null> {
  const body: { result?: { data?: { locale?: string | null } } } = await (await page.request.get("/api/trpc/session.me")).json();
  return body.result?.data?.locale ?? null;
}

test("a Swedish browser gets the dashboard in Swedish; the switch changes and keeps the language", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInSwedish(page);
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
  // The choice is saved on the person, whom the other specs sign in as: back to English.
  await page.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(page)).toBe("en");
  await context.close();
});

test("a Swedish person sees Swedish on the settings, review and employee pages, and gets their choice back at the next sign-in", async ({ browser }) => {
  const context = await browser.newContext({ locale: "sv-SE" });
  const page = await context.newPage();
  await signInSwedish(page);
  // The person's saved choice (English, from the test before) wins over the browser's language at sign-in.
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).selectOption("sv");
  await expect.poll(() => savedLocale(page)).toBe("sv");
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "API-nycklar" }).click();
  await expect(page.getByRole("heading", { name: "API-nycklar" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Ny API-nyckel" })).toBeVisible();
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("button", { name: "Bjud in en kollega" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Roll" })).toBeVisible();

  // The choice is saved on the person: an English browser signing in later gets Swedish back.
  const english = await browser.newContext({ locale: "en-GB" });
  const other = await english.newPage();
  await signIn(other);
  await expect(other.getByRole("button", { name: "Logga ut" })).toBeVisible();
  await other.getByRole("combobox", { name: "Språk" }).selectOption("en");
  await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect.poll(() => savedLocale(other)).toBe("en");
  await english.close();

  const employee = await context.newPage();
  await employee.goto("/e/login");
  await expect(employee.getByRole("heading", { name: "Få en ny inloggningslänk" })).toBeVisible();
  await employee.goto("/e");
  await expect(employee.getByRole("heading", { name: "Logga in med länken i ditt mejl" })).toBeVisible();

  const html = await page.request.get("/v2/employees/", { headers: { Accept: "text/html" } });
  expect(await html.text()).toContain("<h1>Anställda</h1>");
  await context.close();
});
