/**
 * Two-factor sign-in and the security page (issue 27, items 3 and 4) in the browser: a colleague of Acme (fresh,
 * so that other specs' Ann keeps signing in with her password alone) turns on 2FA by scanning nothing: the test
 * reads the key the page shows and computes codes with the library better-auth uses. Then signs out and in
 * with a code and with a backup code, and changes the password, which signs out their other browser.
 */
import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";
import { expect as baseExpect, test, type Browser, type Page } from "@playwright/test";
import { mailLink, TEAM_INVITATION_LINK } from "./mail-links";
import { anyDialog, screenshot, signIn, unique, uniqueEmail } from "./support";

const PASSWORD = "colleague-password-1";

// Each test invites a colleague and signs in several times (a password hash each): on a busy machine that takes
// longer than the defaults allow.
test.describe.configure({ timeout: 180_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

/** Ann invites a colleague, who joins through the email link in a browser of their own and is signed in. */
async function newColleague(browser: Browser, locale?: string, role: "member" | "admin" = "member") {
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings/team");
  const email = uniqueEmail("tfa");
  const name = unique("Tess");
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  await anyDialog(page).getByLabel("Email").fill(email);
  await anyDialog(page).getByLabel("Role").selectOption(role);
  await anyDialog(page).getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(email);
  await admin.close();

  const context = await browser.newContext(locale ? { locale } : {});
  const them = await context.newPage();
  await them.goto(await mailLink(email, TEAM_INVITATION_LINK));
  await them.getByLabel(/^(Your name|Ditt namn)$/).fill(name);
  await them.getByLabel(/^(Password|Lösenord)$/).fill(PASSWORD);
  await them.getByRole("button", { name: /^(Join and sign in|Gå med och logga in)$/ }).click();
  await expect(them.getByTestId("signed-in-person")).toHaveText(name);
  return { context, page: them, email, name };
}

/** The current code for the key the enrolment dialog showed (grouped in fours, as people type it). */
function codeFor(key: string): Promise<string> {
  return createOTP(base32.decode(key.replace(/\s/g, ""))).totp();
}

/** Turns on 2FA on the security page; answers the key and the ten backup codes. */
async function enrol(page: Page): Promise<{ key: string; backupCodes: string[] }> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Turn on" }).click();
  const dialog = anyDialog(page);
  await dialog.getByLabel("Confirm with your password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByRole("heading", { name: "Scan the QR code" })).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const key = (await dialog.getByTestId("totp-key").textContent()) ?? "";
  expect(key).toMatch(/^[A-Z2-7 ]{20,}$/);
  const right = await codeFor(key);
  await dialog.getByLabel("Code from the app").fill(right === "000000" ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText("That code is not right")).toBeVisible();
  await dialog.getByLabel("Code from the app").fill(await codeFor(key));
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByRole("heading", { name: "Save your backup codes" })).toBeVisible();
  const backupCodes = await dialog.getByTestId("backup-codes").getByRole("listitem").allTextContents();
  expect(backupCodes).toHaveLength(10);
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(anyDialog(page)).toHaveCount(0);
  await expect(page.locator("#security-two-factor")).toContainText("On");
  return { key, backupCodes };
}

/** Ann, the account's admin, reads her audit log in a browser of her own: one row of each `[action, text]`. */
async function auditShows(browser: Browser, rows: [action: string, text: string][]): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/settings/audit-log");
  for (const [action, text] of rows) await expect(page.locator(`tr[data-audit-action="${action}"]`).filter({ hasText: text }).first()).toBeVisible();
  await context.close();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/login/);
}

/** Email and password; the page then asks for the second factor. */
async function passwordStep(page: Page, email: string, password = PASSWORD): Promise<void> {
  await signIn(page, { email, password });
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
}

test("a colleague turns on two-factor sign-in, then signs in with a code, and with a backup code once", async ({ browser }) => {
  const { context, page, email, name } = await newColleague(browser);
  const { key, backupCodes } = await enrol(page);

  await signOut(page);
  await passwordStep(page, email);
  await page.getByLabel("Code", { exact: true }).fill(await codeFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(name);

  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(name);

  // A backup code works once.
  await signOut(page);
  await passwordStep(page, email);
  await page.getByRole("button", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[0]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Backup code").fill(backupCodes[1]);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(name);
  await context.close();
  await auditShows(browser, [
    ["user.two_factor_enabled", email],
    ["user.signed_in", email],
  ]);
});

test("changing the password signs out the other browser; sign out everywhere else ends the rest", async ({ browser }) => {
  const { context, page, email, name } = await newColleague(browser);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, { email, password: PASSWORD });
  await expect(otherPage.getByTestId("signed-in-person")).toHaveText(name);

  await page.goto("/settings/security");
  await expect(page.getByTestId("session-row")).toHaveCount(2);
  await expect(page.getByTestId("session-row").filter({ hasText: "This device" })).toContainText("Chrome on Linux");
  await page.getByLabel("Current password").fill("not-the-password");
  await page.getByLabel("New password").fill("a-brand-new-password");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not right.")).toBeVisible();
  await page.getByLabel("Current password").fill(PASSWORD);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");
  await expect(page.getByTestId("session-row")).toHaveCount(1);

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await signIn(otherPage, { email, password: "a-brand-new-password" });
  await expect(otherPage.getByTestId("signed-in-person")).toHaveText(name);

  await page.reload();
  await expect(page.getByTestId("session-row")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out everywhere else" }).click();
  await anyDialog(page).getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(page.getByRole("status")).toContainText("One other session is signed out.");
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
  await context.close();
  await auditShows(browser, [
    ["user.password_changed", email],
    ["user.sessions_revoked", email],
    ["user.signed_in", email],
  ]);
});

test("an admin requires two-factor sign-in; a member without it is sent to enrol first; the audit log shows both", async ({ browser }) => {
  // A colleague as admin, not Ann: Ann keeps signing in with her password alone for the other specs.
  const admin = await newColleague(browser, undefined, "admin");
  const member = await newColleague(browser);
  await enrol(admin.page);
  const requirement = admin.page.getByRole("checkbox", { name: /^Require two-factor sign-in for everyone in / });
  try {
    await admin.page.goto("/settings/team");
    // A controlled checkbox that follows the saved rule: it changes once the server has answered, so click and wait.
    await requirement.click();
    await expect(admin.page.getByRole("status")).toContainText("Everyone must now sign in with two-factor sign-in.");
    await expect(requirement).toBeChecked();

    // The member, already signed in, is sent to the security page whatever they open, and told why.
    await member.page.goto("/settings/team");
    await expect(member.page).toHaveURL(/\/settings\/security$/);
    await expect(member.page.getByTestId("two-factor-required")).toContainText("Two-factor sign-in is required for your account.");
    await enrol(member.page);
    await expect(member.page.getByTestId("two-factor-required")).toHaveCount(0);
    await member.page.goto("/settings/team");
    await expect(member.page).toHaveURL(/\/settings\/team$/);
    await expect(member.page.getByText(/^Two-factor sign-in is required for everyone in /)).toBeVisible();

    // The admin's audit log: the requirement, with her as actor, and the member turning 2FA on.
    await admin.page.goto("/settings/audit-log");
    await expect(admin.page.locator(`tr[data-audit-action="team.two_factor_required"]`).filter({ hasText: admin.email })).toHaveCount(1);
    await expect(admin.page.locator(`tr[data-audit-action="user.two_factor_enabled"]`).filter({ hasText: member.email })).toHaveCount(1);
  } finally {
    // Off again, so that Ann (without 2FA) goes on signing in for the specs after this one.
    await admin.page.goto("/settings/team");
    await expect(requirement).toBeVisible();
    if (await requirement.isChecked()) {
      await requirement.click();
      await expect(admin.page.getByRole("status")).toContainText("Two-factor sign-in is no longer required.");
      await expect(requirement).not.toBeChecked();
    }
    await admin.context.close();
    await member.context.close();
  }
});

test("the security page and the enrolment dialog fit a phone and a desktop, in English and Swedish", async ({ browser }) => {
  for (const locale of ["en-GB", "sv-SE"]) {
    const { context, page } = await newColleague(browser, locale);
    const sv = locale === "sv-SE";
    // The colleague's saved language came with the invitation (Ann's); the language switch's cookie wins over it.
    await context.addCookies([{ name: "payroute_locale", value: sv ? "sv" : "en", url: page.url() }]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      await page.goto("/settings/security");
      await expect(page.getByRole("heading", { name: sv ? "Säkerhet" : "Security", level: 1 })).toBeVisible();
      await expect(page.getByTestId("session-row")).toHaveCount(1);
      await screenshot(page, `security-${sv ? "sv" : "en"}-${width}`);
      await page.getByRole("button", { name: sv ? "Slå på" : "Turn on" }).click();
      await anyDialog(page)
        .getByLabel(sv ? "Bekräfta med ditt lösenord" : "Confirm with your password")
        .fill(PASSWORD);
      await anyDialog(page)
        .getByRole("button", { name: sv ? "Fortsätt" : "Continue" })
        .click();
      await expect(anyDialog(page).getByTestId("totp-qr")).toBeVisible();
      await screenshot(page, `enrol-${sv ? "sv" : "en"}-${width}`);
      await page.keyboard.press("Escape");
      await expect(anyDialog(page)).toHaveCount(0);
    }
    await context.close();
  }
});
