import { expect, test } from "@playwright/test";
import { signIn, users } from "./support";

test("a signed-out visitor is sent to sign in, and back to the page asked for", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/login\?next=%2F$/);

  await signIn(page, { email: users.client.email, password: "wrong-password-123" }, page.url());
  // Filtered: Next's route announcer is an (empty) alert too.
  await expect(page.getByRole("alert").filter({ hasText: /invalid email or password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel("Password").fill(users.client.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home" })).toBeVisible();
  await expect(page.getByTestId("account-name")).toHaveText(users.client.account);
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.client.name);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
  await expect(page.getByRole("link", { name: "Browse API" })).toHaveAttribute("href", "/v2/");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/integrations");
  await expect(page).toHaveURL(/\/login\?next=%2Fintegrations$/);
});

test("?next= returns to a same-origin path only", async ({ page, baseURL }) => {
  await signIn(page, users.client, "/login?next=%2Fv2%2Fintegrations%2F");
  await expect(page).toHaveURL(/\/v2\/integrations\/$/);
  await expect(page.getByRole("heading", { name: "List Integrations" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, users.client, "/login?next=%2F%2Fevil.example%2F");
  await expect(page).toHaveURL(`${baseURL}/`);
});

test("the pages have a favicon", async ({ page, request }) => {
  await page.goto("/login");
  const href = await page.locator('link[rel="icon"]').first().getAttribute("href");
  expect(href).toBeTruthy();
  const icon = await request.get(href ?? "");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toContain("image/svg+xml");
});

test("an operator signing in lands on the home with the review team's queues, not the clients' Integrations", async ({ page, baseURL }) => {
  await signIn(page, users.operator);
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
