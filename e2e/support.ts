import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
// This worker's people; scripts/e2e-server.mjs creates them.
import { PARALLEL_INDEX, peopleOf } from "./people.mjs";

export const users = peopleOf(PARALLEL_INDEX);

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
  await submitSignIn(page, user);
}

/**
 * Fills and sends the sign-in form, in the browser's language: English, or Swedish for a context made with
 * `locale: "sv-SE"`. Every spec signs in from 127.0.0.1, so parallel workers can meet the address's burst limit
 * (a one-second window, src/auth/auth.ts); the page then says "Try again in 1 second", and the test does what a
 * person would: waits that second and sends it again. A longer lock (the account's failures) is not retried.
 */
async function submitSignIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.getByLabel(/^(Email|E-post)$/).fill(user.email);
  await page.getByLabel(/^(Password|Lösenord)$/).fill(user.password);
  for (let attempt = 1; ; attempt++) {
    // No answer (the form refused its input before sending): nothing to retry.
    const answer = page
      .waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email") && r.request().method() === "POST", { timeout: 10_000 })
      .catch(() => null);
    await page.getByRole("button", { name: /^(Sign in|Logga in)$/ }).click();
    const response = await answer;
    if (!response) return;
    const wait = Number(response.headers()["x-retry-after"] ?? response.headers()["retry-after"] ?? "1");
    if (response.status() !== 429 || attempt === 3 || wait > 2) return;
    await page.waitForTimeout(wait * 1000 + 100);
  }
}

/** A sign-in page reached by a redirect (an ended session), in either language, signed in on as `user`. */
export async function signInOnPage(page: Page, user: { email: string; password: string } = users.client): Promise<void> {
  // Reached by a redirect: the form answers once its scripts have run (a click before that is lost).
  await page.waitForLoadState("networkidle");
  await submitSignIn(page, user);
}

/** Ends every session of the client but a new one, from another browser: as an expiry, or "sign out other sessions". */
export async function endSessionElsewhere(browser: Browser): Promise<void> {
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const signedIn = await other.request.post("/api/auth/sign-in/email", { data: { email: users.client.email, password: users.client.password } });
  expect(signedIn.ok()).toBe(true);
  const ended = await other.request.post("/api/trpc/session.revokeOtherSessions", { data: {} });
  expect(ended.ok()).toBe(true);
  await other.close();
}

/** How many form drafts this tab keeps (ui/draft-store.ts). */
export function draftsInTab(page: Page): Promise<number> {
  return page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("payroute.draft.")).length);
}

/**
 * A draft is never another person's: the client's session ends while `submit` (in a dialog with typed input) is
 * pressed, the sign-in page keeps the draft in the tab, then the operator signs in on the tab and gets no dialog,
 * and the client's draft is dropped. Ends signed out (no cookies), for the client to sign in on the tab again.
 */
export async function draftDroppedForAnotherPerson(page: Page, browser: Browser, submit: Locator): Promise<void> {
  await endSessionElsewhere(browser);
  await submit.click();
  await expect(page).toHaveURL(/reason=sessionEndedKept$/);
  expect(await draftsInTab(page)).toBe(1);
  await signInOnPage(page, users.operator);
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.operator.name);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect.poll(() => draftsInTab(page)).toBe(0);
  await page.context().clearCookies();
}

/** The cookie the language switch sets: the page's language, for this browser only. */
const LOCALE_COOKIE = "payroute_locale";

/**
 * Reads on in `lang`, as the language switch would set it for this browser only. Signing in restores the language
 * the person saved, and another spec of the same worker may have saved either, so a spec about one language sets it.
 */
export async function readIn(page: Page, lang: "en" | "sv"): Promise<void> {
  const url = new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "http://127.0.0.1:3101") : page.url());
  await page.context().addCookies([{ name: LOCALE_COOKIE, value: lang, url: url.origin }]);
}

/** The language saved on the signed-in person's row (the language switch saves it). */
export async function savedLocale(page: Page): Promise<string | null> {
  const body: { result?: { data?: { locale?: string | null } } } = await (await page.request.get("/api/trpc/session.me")).json();
  return body.result?.data?.locale ?? null;
}

/** Saves English on the client again, in a browser of its own: the other specs sign in as the same person. */
export async function saveEnglishAgain(browser: Browser): Promise<void> {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();
  await signIn(page);
  await page.getByRole("combobox", { name: /^(Language|Språk)$/ }).selectOption("en");
  await expect.poll(() => savedLocale(page)).toBe("en");
  await context.close();
}

/** This worker's sessions by email: the cookies its first UI sign-in of each person set (module state is per worker). */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext["cookies"]>>>();

/** The email of the person `page`'s browser is signed in as, or null. */
async function signedInEmail(page: Page): Promise<string | null> {
  const res = await page.request.get("/api/trpc/session.me");
  if (!res.ok()) return null;
  const body: { result?: { data?: { email?: string } | null } } = await res.json();
  return body.result?.data?.email ?? null;
}

/**
 * Signs `page`'s browser in as `as` (the client) and opens `open` (the home; null: no page), for specs that only need
 * to be signed in: the sign-in form is filled once per person and worker, and later calls reuse that session's cookies
 * (sign-in itself has specs of its own). A session ended since (session-expiry's "sign out other sessions", a sign-out)
 * is checked for and replaced by a new UI sign-in. Reads English, as a person with English saved would; specs about a
 * language set theirs (readIn). Not for specs that sign out, change a password or two-factor, or save a language:
 * those sign in with `signIn`.
 */
export async function signInOnce(
  page: Page,
  { as: user = users.client, open = "/" }: { as?: { email: string; password: string }; open?: string | null } = {},
): Promise<void> {
  const kept = sessions.get(user.email);
  if (kept) {
    await page.context().addCookies(kept);
    if ((await signedInEmail(page)) === user.email) {
      if (open !== null) await page.goto(open);
      return;
    }
    await page.context().clearCookies();
    sessions.delete(user.email);
  }
  await signIn(page, user);
  await expect(page).toHaveURL(/\/$/);
  // The session's own cookies (httpOnly), not the environment or Integration chosen in this browser, and English.
  const session = (await page.context().cookies()).filter((c) => c.httpOnly);
  sessions.set(user.email, [...session, ...session.slice(0, 1).map((c) => ({ ...c, name: LOCALE_COOKIE, value: "en", httpOnly: false }))]);
  if (open !== null && open !== "/") await page.goto(open);
}

/** A browser state signed in as `user` (signInOnce), for `browser.newContext({ storageState })`. */
export async function signedInState(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInOnce(page, { as: user, open: null });
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function signInToIntegrations(page: Page): Promise<void> {
  await signInOnce(page, { open: "/integrations" });
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

/** A valid personnummer and an SEB account (clearing 5000), the details a claim form is filled in with. */
export const CLAIM_DETAILS = {
  street: "Storgatan 1",
  postalCode: "111 22",
  city: "Stockholm",
  identityNumber: "19121212-1212",
  clearing: "5000",
  account: "1234560",
};

/**
 * On a magic link's page: the first link of an invitation shows the claim form (identity, bank account, address),
 * which is filled in and sent; a later sign-in link shows Continue, which is pressed.
 */
export async function useEmployeeLink(page: Page): Promise<void> {
  const accept = page.getByRole("button", { name: "Accept the invitation" });
  const proceed = page.getByRole("button", { name: "Continue" });
  await expect(accept.or(proceed)).toBeVisible();
  if (await proceed.isVisible()) return proceed.click();
  await page.getByLabel("Street address").fill(CLAIM_DETAILS.street);
  await page.getByLabel("Postal code").fill(CLAIM_DETAILS.postalCode);
  await page.getByLabel("City").fill(CLAIM_DETAILS.city);
  await page.getByLabel("Personal identity number (or coordination number)").fill(CLAIM_DETAILS.identityNumber);
  await page.getByLabel("Clearing number").fill(CLAIM_DETAILS.clearing);
  await page.getByLabel("Account number").fill(CLAIM_DETAILS.account);
  await accept.click();
}

/** Opens a magic link in a browser context of its own (the Employee, not signed in to the dashboard) and uses it. */
export async function claimInNewContext(browser: Browser, link: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link);
  await useEmployeeLink(page);
  await expect(page).toHaveURL(/\/e$/);
  return { context, page };
}

/** With E2E_SCREENSHOTS=<dir>, saves a full-page screenshot there (for looking at the pages, not for assertions). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * The tables of the page's main part that a person would have to scroll sideways to read, each as "<its name>: <how
 * much wider than its box>": a table wider than the window, or one inside a box that scrolls sideways. `lists` only
 * looks at the lists (ListTable), as on a phone, where a details table may scroll inside its card.
 */
export async function tablesScrollingSideways(page: Page, { lists = false } = {}): Promise<string[]> {
  return page.evaluate((onlyLists) => {
    const found: string[] = [];
    const name = (table: Element) =>
      table.getAttribute("aria-label") ?? table.closest("[aria-label], [aria-labelledby]")?.textContent?.trim().slice(0, 40) ?? "table";
    for (const table of document.querySelectorAll<HTMLTableElement>(onlyLists ? "main table.list-table" : "main table")) {
      if (table.getClientRects().length === 0) continue;
      const box = table.getBoundingClientRect();
      if (box.right > window.innerWidth + 0.5) found.push(`${name(table)}: ${Math.round(box.right - window.innerWidth)}px past the window`);
      for (let up = table.parentElement; up && up.tagName !== "MAIN"; up = up.parentElement) {
        const overflow = getComputedStyle(up).overflowX;
        if ((overflow === "auto" || overflow === "scroll") && up.scrollWidth > up.clientWidth + 1)
          found.push(`${name(table)}: scrolls ${up.scrollWidth - up.clientWidth}px inside its box`);
      }
    }
    return found;
  }, lists);
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
  await signInOnce(page, { as: users.operator });
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
  // The Payrun column names the Payrun; its link carries the id (then the scope, `?env=`).
  const href = (await row.locator('a[href^="/payruns/"]').getAttribute("href")) ?? "";
  return decodeURIComponent(href.replace(/^\/payruns\//, "").replace(/\?.*$/, ""));
}
