import { expect, test, type Browser } from "@playwright/test";
import { anyDialog, claimInNewContext, createEmployee, invitationLink, signIn, signInOnce, signInToIntegrations, unique, uniqueEmail, users } from "./support";
import { mailLink, PASSWORD_RESET_LINK, SIGN_IN_LINK, TEAM_INVITATION_LINK } from "./mail-links";

test("an admin creates an API key, calls /v2/ with it, and revokes it", async ({ page, playwright }) => {
  await signInToIntegrations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
  await expect(page.getByRole("heading", { name: "API keys" })).toBeVisible();
  await page.getByRole("button", { name: "New API key" }).click();
  await anyDialog(page).getByLabel("Environment").selectOption("demo");
  await anyDialog(page).getByRole("button", { name: "Create key" }).click();
  const shown = anyDialog(page).getByLabel("Key");
  await expect(shown).toHaveValue(/^pr_demo_[0-9A-Za-z]{32}$/);
  const key = await shown.inputValue();
  await anyDialog(page).getByRole("button", { name: "Done" }).click();
  await expect(anyDialog(page)).toHaveCount(0);
  const prefix = `${key.slice(0, 12)}…`;
  const row = page.getByRole("row").filter({ hasText: prefix });
  await expect(row).toContainText("Never");

  const api = await playwright.request.newContext({ baseURL: page.url() });
  const ok = await api.get("/v2/integrations/", { headers: { Authorization: `Token ${key}`, Accept: "application/json" } });
  expect(ok.status()).toBe(200);
  await expect
    .poll(async () => {
      await page.reload();
      return (await row.textContent()) ?? "";
    })
    .not.toContain("Never");

  await row.getByRole("button", { name: `Revoke ${prefix}` }).click();
  await anyDialog(page).getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status")).toContainText(`The key ${prefix} is revoked.`);
  await expect(row).toContainText("Revoked");
  await expect
    .poll(async () => (await api.get("/v2/integrations/", { headers: { Authorization: `Token ${key}`, Accept: "application/json" } })).status(), {
      timeout: 10_000,
    })
    .toBe(401);
  await api.dispose();
});

/** The signed-in admin invites `email`; the colleague accepts through the email link in a browser of their own. */
async function inviteColleague(browser: Browser, email: string, name: string, password: string) {
  const admin = await browser.newContext();
  const page = await admin.newPage();
  await signInOnce(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { name: "Team" })).toBeVisible();
  await page.getByRole("button", { name: "Invite a colleague" }).click();
  await anyDialog(page).getByLabel("Email").fill(email);
  await anyDialog(page).getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toContainText(`An invitation is on its way to ${email}.`);
  await expect(page.getByRole("row").filter({ hasText: email })).toBeVisible();

  const colleague = await browser.newContext();
  const them = await colleague.newPage();
  await them.goto(await mailLink(email, TEAM_INVITATION_LINK));
  await expect(them.getByRole("heading", { name: `Join ${users.client.account} on Payroute` })).toBeVisible();
  await them.getByLabel("Your name").fill(name);
  await them.getByLabel("Password").fill(password);
  await them.getByRole("button", { name: "Join and sign in" }).click();
  await expect(them.getByTestId("signed-in-person")).toHaveText(name);
  await expect(them.getByTestId("account-name")).toHaveText(users.client.account);
  return { admin, page, colleague, them };
}

test("a colleague joins through the email link as a member; an admin removes them", async ({ browser }) => {
  const email = uniqueEmail("colleague");
  const name = unique("Cole");
  const { admin, page, colleague, them } = await inviteColleague(browser, email, name, "colleague-password-1");
  // A member sees no API keys or webhooks, and the team read-only.
  const nav = them.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Payouts" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await them.goto("/settings/api-keys");
  await expect(them.getByText("Only the account's admins manage API keys.")).toBeVisible();

  await page.reload();
  const row = page.getByRole("row").filter({ hasText: email });
  await expect(row).toContainText("Member");
  await row.getByRole("button", { name: `Remove ${name}` }).click();
  await anyDialog(page).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status")).toContainText(`${name} was removed.`);
  await them.goto("/payouts");
  await expect(them).toHaveURL(/\/login/);
  await admin.close();
  await colleague.close();
});

test("a person resets a forgotten password through the email link", async ({ browser }) => {
  const email = uniqueEmail("forgetful");
  const { admin, colleague } = await inviteColleague(browser, email, unique("Fay"), "first-password-1");
  await admin.close();
  await colleague.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send link" }).click();
  await expect(page.getByRole("status")).toContainText(`If ${email} belongs to a Payroute user, a link is on its way.`);

  await page.goto(await mailLink(email, PASSWORD_RESET_LINK));
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("second-password-2");
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed.");

  await signIn(page, { email, password: "first-password-1" });
  // The sign-in error, not Next's route announcer (an empty alert that is there once the page has hydrated).
  await expect(page.getByRole("alert").filter({ hasText: /\w/ })).toBeVisible();
  await signIn(page, { email, password: "second-password-2" });
  await expect(page.getByTestId("account-name")).toHaveText(users.client.account);
  await context.close();
});

test("an Employee whose link was used gets a new one at /e/login", async ({ page, browser }) => {
  await signInOnce(page, { open: "/employees" });
  const email = uniqueEmail("relink");
  await createEmployee(page, { name: unique("Rea Link"), email, country: "SWE" });
  const first = await claimInNewContext(browser, await invitationLink(email));
  await first.context.close();

  const context = await browser.newContext();
  const employee = await context.newPage();
  await employee.goto("/e");
  await employee.getByRole("link", { name: "Get a new sign-in link" }).click();
  await expect(employee.getByRole("heading", { name: "Get a new sign-in link" })).toBeVisible();
  await employee.getByLabel("Email").fill(email);
  await employee.getByRole("button", { name: "Send me a link" }).click();
  await expect(employee.getByRole("status")).toContainText(`If ${email} belongs to someone who is paid through Payroute`);
  const link = await mailLink(email, SIGN_IN_LINK, 2);
  await employee.goto(link);
  await employee.getByRole("button", { name: "Continue" }).click();
  await expect(employee).toHaveURL(/\/e$/);
  await expect(employee.getByTestId("employee-status")).toBeVisible();
  await context.close();
});

test("a reviewer rejects a live Employee with a reason, and the audit trail shows it", async ({ page, browser }) => {
  await signInToIntegrations(page);
  await page.getByLabel("Live").check();
  await page.goto("/employees");
  const name = unique("Rita Review");
  const email = uniqueEmail("rita");
  await createEmployee(page, { name, email, country: "NLD" });
  const employee = await claimInNewContext(browser, await invitationLink(email));
  await employee.context.close();
  await page.getByLabel("Demo").check();

  const operatorContext = await browser.newContext();
  const operator = await operatorContext.newPage();
  await signInOnce(operator, { as: users.operator });
  await operator.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employee verification" }).click();
  await operator.getByRole("link", { name: `Review ${name}` }).click();
  await expect(operator.getByRole("heading", { name })).toBeVisible();
  await expect(operator.getByText(email)).toBeVisible();
  await operator.getByRole("button", { name: "Reject" }).click();
  await anyDialog(operator).getByLabel("Reason").fill("The work permit has expired.");
  await anyDialog(operator).getByRole("button", { name: "Reject" }).click();
  await expect(operator.getByRole("status")).toContainText(`${name} is rejected.`);
  const trail = operator
    .getByRole("region", { name: "Audit trail" })
    .or(operator.locator("section").filter({ has: operator.getByRole("heading", { name: "Audit trail" }) }));
  await expect(trail.getByRole("row").filter({ hasText: "The work permit has expired." })).toContainText(users.operator.email);
  await operator.getByRole("link", { name: "Employee verification" }).first().click();
  await expect(operator.getByRole("row").filter({ hasText: name })).toHaveCount(0);
  await operatorContext.close();
});
