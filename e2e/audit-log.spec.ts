/**
 * The audit log in the browser (issue 27): Ann, an admin of Acme, creates and revokes an API key and creates and
 * deletes a webhook (so the account is left as it was), then reads each record with her as the actor on Settings →
 * Audit log, filters it by action and downloads the CSV. The review team's log shows an operator's approval of a
 * Registration. A colleague who turned on 2FA and lost the phone has it reset by Ann on the Team page (then
 * leaves the team again); the colleague's password change is there too. No table scrolls sideways. Screenshots at 390 and 1280 px, in English and Swedish (a browser in Swedish, no setting changed).
 */
import { readFile } from "node:fs/promises";
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { mailLink, TEAM_INVITATION_LINK } from "./mail-links";
import {
  anyDialog,
  createRegistration,
  goToSection,
  operatorInNewContext,
  readIn,
  screenshot,
  signInOnce,
  signInToIntegrations,
  switchEnvironment,
  tablesScrollingSideways,
  unique,
  uniqueEmail,
  users,
} from "./support";

// Several pages and a second browser for the operator: more than the default on a busy machine.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

/** The audit log's row of `action` (its code is on the row) whose text has `text`. */
function recordRow(page: Page, action: string, text: string) {
  return page.locator(`tr[data-audit-action="${action}"]`).filter({ hasText: text });
}

async function createAndRevokeKey(page: Page): Promise<string> {
  await goToSection(page, "API keys");
  await page.getByRole("button", { name: "New API key" }).click();
  await anyDialog(page).getByLabel("Environment").selectOption("demo");
  await anyDialog(page).getByRole("button", { name: "Create key" }).click();
  const key = await anyDialog(page).getByLabel("Key").inputValue();
  await anyDialog(page).getByRole("button", { name: "Done" }).click();
  const prefix = key.slice(0, 12);
  await page.getByRole("button", { name: `Revoke ${prefix}…` }).click();
  await anyDialog(page).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status")).toContainText(`The key ${prefix}… is revoked.`);
  return prefix;
}

async function createAndDeleteWebhook(page: Page, url: string): Promise<void> {
  await goToSection(page, "Webhooks");
  await page.getByRole("button", { name: "New subscription" }).click();
  const dialog = anyDialog(page);
  await dialog.getByLabel("URL").fill(url);
  await dialog.getByRole("checkbox", { name: "Employee.created" }).check();
  await dialog.getByRole("button", { name: "Create subscription" }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: url });
  await row.getByRole("button", { name: `Delete ${url}` }).click();
  await anyDialog(page).getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
}

/** Ann's audit log in a browser of `locale`, at both widths, as screenshots named `audit-log-<locale>-<width>`. */
async function screenshots(browser: Browser, locale: "en" | "sv"): Promise<void> {
  const context = await browser.newContext({ locale: locale === "sv" ? "sv-SE" : "en-GB" });
  const page = await context.newPage();
  await signInToIntegrationsIn(page, locale);
  await page.goto("/settings/audit-log");
  await expect(page.getByRole("heading", { level: 1, name: locale === "sv" ? "Granskningslogg" : "Audit log" })).toBeVisible();
  await expect(page.locator("tr[data-audit-action]").first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Every column, "From where" the last, is read without scrolling sideways (on a phone each record is a card).
    expect(await tablesScrollingSideways(page), `${locale} at ${width}px`).toEqual([]);
    await screenshot(page, `audit-log-${locale}-${width}`);
  }
  await context.close();
}

async function signInToIntegrationsIn(page: Page, locale: "en" | "sv"): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(locale === "sv" ? "E-post" : "Email").fill(users.client.email);
  await page.getByLabel(locale === "sv" ? "Lösenord" : "Password").fill(users.client.password);
  await page.getByRole("button", { name: locale === "sv" ? "Logga in" : "Sign in" }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.client.name);
  await readIn(page, locale);
}

test("an admin's key and webhook changes are in Settings → Audit log with her as actor, filtered and as CSV", async ({ page, browser }) => {
  await signInToIntegrations(page);
  const prefix = await createAndRevokeKey(page);
  const hook = `http://127.0.0.1:9/${unique("audit").replace(/\s/g, "-")}`;
  await createAndDeleteWebhook(page, hook);

  await goToSection(page, "Audit log");
  await expect(page).toHaveURL(/\/settings\/audit-log$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const who = users.client.email;
  await expect(recordRow(page, "api_key.created", prefix)).toContainText(who);
  await expect(recordRow(page, "api_key.created", prefix)).toContainText("API key created");
  await expect(recordRow(page, "api_key.revoked", prefix)).toContainText(who);
  await expect(recordRow(page, "webhook.created", hook)).toContainText(who);
  await expect(recordRow(page, "webhook.created", hook)).toContainText("Webhook created");
  await expect(recordRow(page, "webhook.deleted", hook)).toContainText(who);
  await expect(recordRow(page, "user.signed_in", who).first()).toBeVisible();
  // The revocation's before → after.
  await expect(recordRow(page, "api_key.revoked", prefix).getByRole("deletion")).toHaveText("(none)");

  // Filtered by action: only that action's records.
  await page.getByLabel("Action").selectOption({ label: "API key revoked" });
  await expect(recordRow(page, "api_key.revoked", prefix)).toBeVisible();
  await expect(page.locator("tr[data-audit-action]:not([data-audit-action='api_key.revoked'])")).toHaveCount(0);

  // The CSV holds what the filtered list shows.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("audit-log.csv");
  const csv = await readFile(await file.path(), "utf8");
  const [header, ...lines] = csv
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  expect(header).toBe("at,environment,actor_kind,actor,source_ip,user_agent,action,target_type,target_id,target,before,after");
  expect(lines.length).toBeGreaterThanOrEqual(1);
  expect(lines.every((line) => line.includes(",api_key.revoked,"))).toBe(true);
  expect(lines.some((line) => line.includes(who) && line.includes(prefix))).toBe(true);
  await expect(page.getByRole("status")).toContainText(/exported/);

  await screenshots(browser, "en");
  await screenshots(browser, "sv");
});

test("the review team's log shows an operator's approval of a Registration", async ({ page, browser }) => {
  await signInToIntegrations(page);
  await switchEnvironment(page, "Live");
  await goToSection(page, "Registrations");
  const name = unique("Nordisk Audited");
  await createRegistration(page, { friendlyName: name });
  await switchEnvironment(page, "Demo");

  const { context, page: op } = await operatorInNewContext(browser);
  await goToSection(op, "Registration review");
  await op.getByRole("combobox", { name: "Environment" }).selectOption("live");
  await op.getByRole("searchbox", { name: "Search" }).fill(name);
  await op.getByRole("row").filter({ hasText: name }).getByRole("link", { name }).click();
  await op.getByRole("button", { name: "Approve", exact: true }).click();
  await anyDialog(op).getByRole("button", { name: "Approve" }).click();
  await expect(op.getByRole("status")).toContainText(`${name} is approved`);

  await goToSection(op, "Audit log");
  await expect(op).toHaveURL(/\/review\/audit-log$/);
  await expect(op.getByRole("heading", { level: 1, name: "Review team's audit log" })).toBeVisible();
  const approval = recordRow(op, "registration.approved", name);
  await expect(approval).toContainText(users.operator.email);
  await expect(approval).toContainText("Review team");
  await expect(approval).toContainText("Registration approved");
  for (const width of [390, 1280]) {
    await op.setViewportSize({ width, height: 900 });
    expect(await tablesScrollingSideways(op), `at ${width}px`).toEqual([]);
    await screenshot(op, `review-audit-log-en-${width}`);
  }
  await context.close();
});

test("a colleague turns on 2FA; the admin resets it on the Team page; both are in the audit log with their actors", async ({ page, browser }) => {
  const PASSWORD = "colleague-password-1";
  await signInOnce(page, { open: "/settings/team" });
  const email = uniqueEmail("audit2fa");
  const name = unique("Lou");
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  await anyDialog(page).getByLabel("Email").fill(email);
  await anyDialog(page).getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(email);

  // The colleague joins in a browser of their own and turns on 2FA with a code computed from the key shown.
  const context = await browser.newContext();
  const them = await context.newPage();
  await them.goto(await mailLink(email, TEAM_INVITATION_LINK));
  await them.getByLabel("Your name").fill(name);
  await them.getByLabel("Password").fill(PASSWORD);
  await them.getByRole("button", { name: "Join and sign in" }).click();
  await expect(them.getByTestId("signed-in-person")).toHaveText(name);
  await them.goto("/settings/security");
  await them.getByRole("button", { name: "Turn on" }).click();
  const dialog = anyDialog(them);
  await dialog.getByLabel("Confirm with your password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  const key = ((await dialog.getByTestId("totp-key").textContent()) ?? "").replace(/\s/g, "");
  await dialog.getByLabel("Code from the app").fill(await createOTP(base32.decode(key)).totp());
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(them.locator("#security-two-factor")).toContainText("On");
  // And changes their password on the same page.
  await them.getByLabel("Current password").fill(PASSWORD);
  await them.getByLabel("New password").fill(`${PASSWORD}-changed`);
  await them.getByRole("button", { name: "Change password" }).click();
  await expect(them.getByRole("status")).toContainText("Your password is changed");
  await context.close();

  // Ann resets it: the row's 2FA goes off; then she removes the colleague again.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("On");
  await row.getByRole("button", { name: `Reset 2FA ${name}` }).click();
  await anyDialog(page).getByRole("button", { name: "Reset 2FA" }).click();
  await expect(page.getByRole("status")).toContainText(`${name}'s two-factor sign-in was reset.`);
  await expect(row.getByRole("button", { name: `Reset 2FA ${name}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Remove ${name}` }).click();
  await anyDialog(page).getByRole("button", { name: "Remove" }).click();
  await expect(row).toHaveCount(0);

  await page.goto("/settings/audit-log");
  await expect(recordRow(page, "user.two_factor_enabled", email)).toContainText("Two-factor sign-in turned on");
  const changed = recordRow(page, "user.password_changed", email);
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText("Password changed");
  await expect(changed.getByRole("cell").nth(1)).toContainText(email);
  const reset = recordRow(page, "user.two_factor_reset", email);
  await expect(reset).toContainText(users.client.email);
  await expect(reset).toContainText("Two-factor sign-in reset");
  await expect(recordRow(page, "team.member_removed", email)).toContainText(users.client.email);
});
