import { expect, type Page } from "@playwright/test";
// Shared with scripts/e2e-server.mjs, which creates these people.
import users from "./users.json" with { type: "json" };

export { users };

/** A name no other test (or earlier step) uses, so tests sharing one database do not see each other's rows. */
export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** A valid 1×1 PNG, enough for the server's image check and visible as a coloured square. */
export const PNG_LOGO = {
  name: "logo.png",
  mimeType: "image/png",
  buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
};

export async function signIn(page: Page, user: { email: string; password: string } = users.client, path = "/login"): Promise<void> {
  await page.goto(path);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signInToIntegrations(page: Page): Promise<void> {
  await signIn(page);
  await expect(page).toHaveURL(/\/integrations$/);
  await expect(page.getByRole("heading", { name: "Integrations" })).toBeVisible();
}

export interface IntegrationInput {
  id?: string;
  name: string;
  email?: string;
  city?: string;
}

/** Fills the Integration form that is open in a dialog (every required field). */
export async function fillIntegrationForm(page: Page, input: IntegrationInput): Promise<void> {
  const dialog = page.getByRole("dialog");
  if (input.id !== undefined) await dialog.getByLabel("ID").fill(input.id);
  await dialog.getByLabel("Name").fill(input.name);
  await dialog.getByLabel("Email").fill(input.email ?? "billing@example.com");
  await dialog.getByLabel("Recipient").fill("Accounts Payable");
  await dialog.getByLabel("Address line 1").fill("1 Main Street");
  await dialog.getByLabel("ZIP code").fill("1011 AB");
  await dialog.getByLabel("City").fill(input.city ?? "Amsterdam");
}

export async function createIntegration(page: Page, input: IntegrationInput): Promise<void> {
  await page.getByRole("button", { name: "New Integration" }).click();
  await fillIntegrationForm(page, input);
  await page.getByRole("dialog").getByRole("button", { name: "Create Integration" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(integrationRow(page, input.name)).toBeVisible();
}

export function integrationRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });
}
