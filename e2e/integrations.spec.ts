import { expect, test } from "@playwright/test";
import { anyDialog, fillIntegrationForm, integrationRow, PNG_LOGO, signInToIntegrations, unique, users } from "./support";

test.beforeEach(async ({ page }) => {
  await signInToIntegrations(page);
});

test("the account's web-app Integration can be edited but not deleted", async ({ page }) => {
  const row = integrationRow(page, users.client.account);
  await expect(row.getByText("Web app")).toBeVisible();
  await expect(row.getByRole("button", { name: /^Edit/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
});

test("create with a logo, fix a field error, edit name and id, delete", async ({ page }) => {
  const name = unique("Globex");
  const id = `globex-${Date.now().toString(36)}`;
  const dialog = anyDialog(page);

  // Create: the server's message for a bad email is shown next to the field, and nothing is created.
  await page.getByRole("button", { name: "New Integration" }).click();
  await fillIntegrationForm(page, { id, name, email: "not-an-email" });
  await dialog.getByLabel("Logo").setInputFiles(PNG_LOGO);
  await expect(dialog.getByRole("img", { name: /New logo/ })).toBeVisible();
  await dialog.getByRole("button", { name: "Create Integration" }).click();
  const email = dialog.getByLabel("Email");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter a valid email address.");
  await expect(dialog.getByRole("alert")).toContainText("correct the highlighted fields");

  await email.fill("billing@globex.example");
  await dialog.getByRole("button", { name: "Create Integration" }).click();
  await expect(dialog).toHaveCount(0);

  const row = integrationRow(page, name);
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").nth(2)).toHaveText("API");
  await expect(row.getByRole("cell").nth(3)).toHaveText("billing@globex.example");
  await expect(row.getByRole("link", { name: id })).toHaveAttribute("href", `/v2/integrations/${id}/`);
  const logoSrc = await row.locator("img").getAttribute("src");
  expect(logoSrc).toContain("/media/");
  const logo = await page.request.get(logoSrc ?? "");
  expect(logo.headers()["content-type"]).toBe("image/png");

  if (process.env.DASHBOARD_SCREENSHOT) await page.screenshot({ path: process.env.DASHBOARD_SCREENSHOT, fullPage: true });

  // Edit: the form comes prefilled; both the name and the id change.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByLabel("ID")).toHaveValue(id);
  await expect(dialog.getByLabel("City")).toHaveValue("Amsterdam");
  await expect(dialog.getByRole("img", { name: "Current logo" })).toBeVisible();
  const newName = `${name} renamed`;
  const newId = `${id}-2`;
  await dialog.getByLabel("Name").fill(newName);
  await dialog.getByLabel("ID").fill(newId);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  const renamed = integrationRow(page, newName);
  await expect(renamed.getByRole("link", { name: newId })).toHaveAttribute("href", `/v2/integrations/${newId}/`);
  await expect(integrationRow(page, name)).toHaveCount(0);

  // Delete, after confirming.
  await renamed.getByRole("button", { name: `Delete ${newName}` }).click();
  await expect(dialog).toContainText(newName);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(integrationRow(page, newName)).toHaveCount(0);
  const gone = await page.request.get(`/v2/integrations/${newId}/?format=json`);
  expect(gone.status()).toBe(404);
});

test("a metadata value that is not a JSON object is refused before sending", async ({ page }) => {
  await page.getByRole("button", { name: "New Integration" }).click();
  const dialog = anyDialog(page);
  await fillIntegrationForm(page, { name: unique("Initech") });
  await dialog.getByLabel("Metadata").fill("[1, 2]");
  await dialog.getByRole("button", { name: "Create Integration" }).click();
  await expect(dialog.getByLabel("Metadata")).toHaveAccessibleDescription(/JSON object/);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});
