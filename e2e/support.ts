import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
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

/** The open dialog: a form's (role dialog) or a confirmation's (role alertdialog). */
export function anyDialog(page: Page): Locator {
  return page.getByRole("dialog").or(page.getByRole("alertdialog"));
}

export async function signIn(page: Page, user: { email: string; password: string } = users.client, path = "/login"): Promise<void> {
  await page.goto(path);
  // In the browser's language: English, or Swedish for a context made with `locale: "sv-SE"`.
  await page.getByLabel(/^(Email|E-post)$/).fill(user.email);
  await page.getByLabel(/^(Password|Lösenord)$/).fill(user.password);
  await page.getByRole("button", { name: /^(Sign in|Logga in)$/ }).click();
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

// ---------- Employees, their invitation email, the employee app ----------

const MAIL_DIR = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}/mail/` : fileURLToPath(new URL("../data/e2e/mail/", import.meta.url));

/** An address no other test uses (the server stores addresses in lower case). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`.toLowerCase();
}

/** Undoes quoted-printable: soft line breaks (`=` at a line end) and `=XX` escapes such as `=3D`. */
export function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const LINK = /https?:\/\/[^\s"'<>]+\/e\/claim#token=[A-Za-z0-9_-]{43}/;

/** The magic links in the invitation emails sent to `email` (the server writes them to $DATA_DIR/mail), oldest first. */
function invitationLinks(email: string): string[] {
  if (!existsSync(MAIL_DIR)) return [];
  return readdirSync(MAIL_DIR)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => join(MAIL_DIR, f))
    .map((file) => ({ file, mtime: statSync(file).mtimeMs, text: decodeQuotedPrintable(readFileSync(file, "utf8")) }))
    .filter((m) => m.text.includes(email))
    .sort((a, b) => a.mtime - b.mtime)
    .map((m) => LINK.exec(m.text)?.[0])
    .filter((link): link is string => link !== undefined);
}

/** Waits for invitation number `count` to `email` (the outbox worker sends within about a second) and returns its link. */
export async function invitationLink(email: string, count = 1): Promise<string> {
  await expect.poll(() => invitationLinks(email).length, { message: `invitation email to ${email}`, timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return invitationLinks(email)[count - 1];
}

export interface EmployeeInput {
  id?: string;
  name: string;
  email: string;
  country?: string;
  phone?: string;
}

export async function goToEmployees(page: Page): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Employees" }).click();
  await expect(page.getByRole("heading", { name: "Employees" })).toBeVisible();
}

/** Fills the Employee form that is open in a dialog. */
export async function fillEmployeeForm(page: Page, input: EmployeeInput): Promise<void> {
  const dialog = page.getByRole("dialog");
  if (input.id !== undefined) await dialog.getByLabel("ID").fill(input.id);
  await dialog.getByLabel("Name").fill(input.name);
  await dialog.getByLabel("Email").fill(input.email);
  await dialog.getByLabel("Country").fill(input.country ?? "NLD");
  if (input.phone !== undefined) await dialog.getByLabel("Cellphone number").fill(input.phone);
}

/** Creates an Employee on the Employees page, in the Integration chosen in the top bar. */
export async function createEmployee(page: Page, input: EmployeeInput): Promise<void> {
  await page.getByRole("button", { name: "New Employee" }).click();
  await fillEmployeeForm(page, input);
  await page.getByRole("dialog").getByRole("button", { name: "Create Employee" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(employeeRow(page, input.name)).toBeVisible();
}

export function employeeRow(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Opens a magic link in a browser context of its own (the Employee, not signed in to the dashboard) and presses Continue. */
export async function claimInNewContext(browser: Browser, link: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/e$/);
  return { context, page };
}

/** With E2E_SCREENSHOTS=<dir>, saves a full-page screenshot there (for looking at the pages, not for assertions). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

// ---------- Registrations, review, webhooks ----------

/** A Danish company whose TIN (CVR) and VAT number pass the server's checks. */
export const DANISH_COMPANY = {
  registered_name: "Nordisk Prøve ApS",
  email: "finance@nordisk.example",
  phone: "+4533123456",
  country: "DNK",
  tin: "18785153",
  vat: "DK18785153",
  address: "Østerbrogade 1",
  zip: "2100",
  city: "København",
};

export interface RegistrationInput {
  friendlyName: string;
  tin?: string;
}

/** Switches the environment with the top bar's radio and waits for the session to follow. */
export async function switchEnvironment(page: Page, env: "Live" | "Demo"): Promise<void> {
  // By role: the Integration picker's label holds the Integrations' names, which may contain "Live" too.
  const radio = page.getByRole("radio", { name: env });
  await radio.check();
  await expect(radio).toBeChecked();
  await expect(page.getByText("Demo environment")).toHaveCount(env === "Demo" ? 1 : 0);
}

export async function goToSection(page: Page, label: string): Promise<void> {
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: label, exact: true }).click();
}

/** Fills the Registration form open in a dialog with the Danish company, under `friendlyName`. */
export async function fillRegistrationForm(page: Page, input: RegistrationInput): Promise<void> {
  const dialog = page.getByRole("dialog");
  const c = DANISH_COMPANY;
  await dialog.getByLabel("Friendly name").fill(input.friendlyName);
  await dialog.getByLabel("Registered name").fill(c.registered_name);
  await dialog.getByLabel("Email").fill(c.email);
  await dialog.getByLabel("Phone number").fill(c.phone);
  await dialog.getByLabel("Country").fill(c.country);
  await dialog.getByLabel("TIN").fill(input.tin ?? c.tin);
  await dialog.getByLabel("VAT number").fill(c.vat);
  await dialog.getByLabel("Address line 1").fill(c.address);
  await dialog.getByLabel("ZIP code").fill(c.zip);
  await dialog.getByLabel("City").fill(c.city);
}

/** Creates a Registration on the Registrations page and waits for its row. */
export async function createRegistration(page: Page, input: RegistrationInput): Promise<void> {
  await page.getByRole("button", { name: "New Registration" }).click();
  await fillRegistrationForm(page, input);
  await page.getByRole("dialog").getByRole("button", { name: "Create Registration" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(registrationRow(page, input.friendlyName)).toBeVisible();
}

export function registrationRow(page: Page, friendlyName: string) {
  return page.getByRole("row").filter({ has: page.getByRole("link", { name: friendlyName, exact: true }) });
}

/** A second browser with the operator signed in. */
export async function operatorInNewContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, users.operator);
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.operator.name);
  return { context, page };
}

// ---------- Payouts and Payruns ----------

/** Picks an Employee in an EmployeeCombobox: types the name and clicks the match. */
export async function chooseEmployee(scope: Page | Locator, label: string, name: string): Promise<void> {
  await scope.getByRole("combobox", { name: label }).fill(name);
  await scope.getByRole("option", { name }).click();
}

export interface PayoutInput {
  employee: string;
  description: string;
  /** The figure, given as the amount unless `basis` says otherwise. */
  figure: string;
  basis?: "Amount" | "Invoiced amount" | "Cost";
}

/** Fills the New Payout dialog, which must be open. */
export async function fillPayoutForm(page: Page, input: PayoutInput): Promise<void> {
  const dialog = page.getByRole("dialog");
  await chooseEmployee(dialog, "Employee", input.employee);
  const basis = input.basis ?? "Amount";
  await dialog.getByRole("radio", { name: new RegExp(`^${basis}\\b`) }).check();
  await dialog.getByRole("textbox", { name: basis, exact: true }).fill(input.figure);
  await dialog.getByRole("textbox", { name: "Description" }).fill(input.description);
}

/** Creates a Payout on the Payouts page and waits for its row. */
export async function createPayout(page: Page, input: PayoutInput): Promise<void> {
  await page.getByRole("button", { name: "New Payout" }).click();
  await fillPayoutForm(page, input);
  await page.getByRole("dialog").getByRole("button", { name: "Create Payout" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(payoutRow(page, input.description)).toBeVisible();
}

export function payoutRow(page: Page, description: string) {
  return page.getByRole("row").filter({ hasText: description });
}

/** The id of the Payrun a Payout row links to. */
export async function payrunOfRow(row: Locator): Promise<string> {
  const name = (await row.getByRole("link", { name: /^Payrun / }).getAttribute("aria-label")) ?? "";
  return name.replace(/^Payrun /, "");
}
