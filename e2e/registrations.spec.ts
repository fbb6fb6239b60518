import { expect, test } from "@playwright/test";
import {
  anyDialog,
  createRegistration,
  fillRegistrationForm,
  goToSection,
  integrationRow,
  operatorInNewContext,
  registrationRow,
  screenshot,
  signInToIntegrations,
  switchEnvironment,
  unique,
  users,
} from "./support";

test.beforeEach(async ({ page }) => {
  await signInToIntegrations(page);
});

test("a live Registration is approved by the review team and becomes an Integration", async ({ page, browser }) => {
  await switchEnvironment(page, "Live");
  await goToSection(page, "Registrations");
  await expect(page.getByRole("heading", { name: "Registrations" })).toBeVisible();
  const name = unique("Nordisk Approved");
  await createRegistration(page, { friendlyName: name });
  const row = registrationRow(page, name);
  await expect(row.getByText("Pending review")).toBeVisible();
  await expect(row.getByRole("cell").nth(3)).toContainText("18785153");
  // Live Registrations are for the review team to approve.
  await expect(row.getByRole("button", { name: `Approve ${name} (demo)` })).toHaveCount(0);
  await expect(row.getByRole("button", { name: `Edit ${name}` })).toBeVisible();

  // Every field on its own page; the Integration id is the generated one.
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByText("Waiting for the review team.")).toBeVisible();
  await expect(page.getByText("Denmark (DNK)")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "DK18785153" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "+4533123456" })).toBeVisible();
  const integrationId = (await page.locator("dt:text-is('Integration ID') + dd").textContent()) ?? "";
  expect(integrationId).toMatch(/^[0-9a-f-]{36}$/);
  const detailUrl = page.url();

  // The operator finds it in the queue (oldest first, so filter it down), reads the checks and approves.
  const operator = await operatorInNewContext(browser);
  const op = operator.page;
  await goToSection(op, "Registration review");
  await expect(op.getByRole("heading", { name: "Registration review" })).toBeVisible();
  await expect(op.getByRole("tab", { name: "Pending" })).toHaveAttribute("aria-selected", "true");
  await op.getByRole("combobox", { name: "Environment" }).selectOption("live");
  await op.getByRole("searchbox", { name: "Search" }).fill(name);
  const queued = op.getByRole("row").filter({ hasText: name });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(users.client.account);
  await expect(queued).toContainText("Live");
  await queued.getByRole("link", { name }).click();

  await expect(op.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(op.getByTestId("review-account")).toHaveText(users.client.account);
  const check = (label: string) => op.getByRole("row").filter({ has: op.getByRole("rowheader", { name: label, exact: true }) });
  await expect(check("TIN")).toContainText("18785153");
  await expect(check("TIN")).toContainText("Valid");
  await expect(check("VAT number")).toContainText("Valid");
  await expect(check("Country")).toContainText("Valid");
  await expect(check("Phone number")).toContainText("Valid");
  await expect(check("City")).toContainText("No rule");
  // Denmark has no states: an empty State passes, and says it was not given rather than "Valid".
  await expect(check("State")).toContainText("Not given");
  await expect(check("State")).not.toContainText("Valid");
  await expect(op.getByText("No decisions yet.")).toBeVisible();
  await screenshot(op, "review-registration");

  await op.getByRole("button", { name: "Approve", exact: true }).click();
  const confirm = anyDialog(op);
  await expect(confirm).toContainText(integrationId);
  await confirm.getByRole("button", { name: "Approve" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(op.getByRole("status")).toContainText(`${name} is approved`);
  await expect(op.getByRole("heading", { name, level: 1 })).toContainText("Approved");
  await expect(op.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  const trail = op.getByRole("region", { name: "Audit trail" });
  await expect(trail.getByRole("row").filter({ hasText: users.operator.email })).toContainText("Approved");
  await operator.context.close();

  // The client sees it approved, no longer editable, with a way to its Integration.
  await page.goto(detailUrl);
  await expect(page.getByRole("heading", { name, level: 1 })).toContainText("Approved");
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "View it in the API browser" })).toHaveAttribute("href", `/v2/integrations/${integrationId}/`);
  const api = await page.request.get(`/v2/integrations/${integrationId}/?format=json`);
  expect(api.status()).toBe(200);
  expect((await api.json()).name).toBe(name);

  await page.getByRole("link", { name: "Open Integrations" }).click();
  await expect(page.getByRole("radio", { name: "Live" })).toBeChecked();
  const integration = integrationRow(page, name);
  await expect(integration).toBeVisible();
  await expect(integration.getByRole("link", { name: integrationId })).toBeVisible();
  await expect(integration.getByRole("cell").nth(2)).toHaveText("API");
});

test("a rejected Registration shows the reviewer's reason to the client; editing sends it back for review", async ({ page, browser }) => {
  await switchEnvironment(page, "Live");
  await goToSection(page, "Registrations");
  const name = unique("Nordisk Rejected");
  await createRegistration(page, { friendlyName: name });

  const operator = await operatorInNewContext(browser);
  const op = operator.page;
  await goToSection(op, "Registration review");
  await op.getByRole("searchbox", { name: "Search" }).fill(name);
  await op.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
  await expect(op.getByRole("heading", { name, level: 1 })).toBeVisible();

  // A reason is required: the server's message shows next to the field.
  await op.getByRole("button", { name: "Reject" }).click();
  const dialog = anyDialog(op);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog.getByLabel("Reason")).toHaveAttribute("aria-invalid", "true");
  const reason = "The registered name does not match the CVR register.";
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(op.getByRole("heading", { name, level: 1 })).toContainText("Rejected");
  const trail = op.getByRole("region", { name: "Audit trail" });
  await expect(trail.getByRole("row").filter({ hasText: reason })).toContainText(users.operator.email);
  await screenshot(op, "review-registration-rejected");

  // The queue's Rejected tab holds it now; Pending does not.
  await op.getByRole("link", { name: "← Registration review" }).click();
  await op.getByRole("searchbox", { name: "Search" }).fill(name);
  await expect(op.getByText("No Registrations match these filters.")).toBeVisible();
  await op.getByRole("tab", { name: "Rejected" }).click();
  await expect(op.getByRole("row").filter({ hasText: name })).toContainText("Rejected");
  await screenshot(op, "review-queue-rejected");

  // The client reads the reason in the list and on the Registration's page.
  await page.reload();
  const row = registrationRow(page, name);
  await expect(row).toContainText("Rejected");
  await expect(row).toContainText(reason);
  await screenshot(page, "registrations");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("alert").filter({ hasText: reason })).toBeVisible();

  // Correcting it clears the rejection and puts it back in the queue.
  await page.getByRole("button", { name: "Edit" }).click();
  const edit = anyDialog(page);
  await expect(edit.getByLabel("TIN")).toHaveValue("18785153");
  await edit.getByLabel("Registered name").fill("Nordisk Prøve Holding ApS");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByRole("heading", { name, level: 1 })).toContainText("Pending review");
  await expect(page.getByRole("alert").filter({ hasText: reason })).toHaveCount(0);

  // Another browser changed it: read the queue afresh. The reload keeps the view (the Rejected tab,
  // searched): the Registration has left it for Pending.
  await op.reload();
  await expect(op.getByRole("searchbox", { name: "Search" })).toHaveValue(name);
  await expect(op.getByText("No Registrations match these filters.")).toBeVisible();
  await op.getByRole("tab", { name: "Pending" }).click();
  await expect(op.getByRole("row").filter({ hasText: name })).toContainText("Pending review");
  await operator.context.close();
});

test("an invalid TIN is refused with the server's message next to the field, and nothing is created", async ({ page }) => {
  await goToSection(page, "Registrations");
  const name = unique("Nordisk Typo");
  await page.getByRole("button", { name: "New Registration" }).click();
  await fillRegistrationForm(page, { friendlyName: name, tin: "12345678" });
  const dialog = anyDialog(page);
  await dialog.getByRole("button", { name: "Create Registration" }).click();
  const tin = dialog.getByLabel("TIN");
  await expect(tin).toHaveAttribute("aria-invalid", "true");
  await expect(tin).toHaveAccessibleDescription(/Enter a valid tax identification number for Denmark/);
  await expect(dialog.getByRole("alert")).toContainText("correct the highlighted fields");
  await expect(dialog.getByLabel("VAT number")).not.toHaveAttribute("aria-invalid", "true");

  // Corrected, it goes through.
  await tin.fill("18785153");
  await dialog.getByRole("button", { name: "Create Registration" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(registrationRow(page, name)).toContainText("Pending review");
});

test("in demo the client approves its own Registration; a pending one can be deleted", async ({ page }) => {
  await goToSection(page, "Registrations");
  const kept = unique("Nordisk Self-approved");
  const dropped = unique("Nordisk Dropped");
  await createRegistration(page, { friendlyName: kept });
  await createRegistration(page, { friendlyName: dropped });

  const row = registrationRow(page, kept);
  await row.getByRole("button", { name: `Approve ${kept} (demo)` }).click();
  await expect(page.getByRole("status")).toContainText(`${kept} is approved`);
  await expect(row).toContainText("Approved");
  // Approved Registrations cannot change any more.
  await expect(row.getByRole("button")).toHaveCount(0);

  const other = registrationRow(page, dropped);
  await other.getByRole("button", { name: `Delete ${dropped}` }).click();
  const dialog = anyDialog(page);
  await expect(dialog).toContainText(dropped);
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(other).toHaveCount(0);

  // The approved one is an Integration of the demo environment, also offered in the picker.
  await goToSection(page, "Integrations");
  await expect(integrationRow(page, kept)).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Integration" }).locator("option", { hasText: kept })).toHaveCount(1);
});
