/**
 * What is typed in an edit dialog, New Prepayment and New Payrun survives an ended session and a sign-in, as in the
 * create dialogs (e2e/session-expiry.spec.ts): kept in the tab for the person, an edit's for the object it was open
 * on, brought back once, and never to another person signing in on the tab.
 */
import { expect, test, type Page } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import {
  createEmployee,
  draftDroppedForAnotherPerson,
  draftsInTab,
  employeeRow,
  endSessionElsewhere,
  readIn,
  screenshot,
  signIn,
  signInOnPage,
  unique,
  uniqueEmail,
  users,
} from "./support";

const TEXTS = {
  en: { edit: "Edit", name: "Name", save: "Save changes", restored: /What you typed is back/ },
  sv: {
    edit: "Redigera",
    name: "Namn",
    save: "Spara ändringar",
    restored: /Det du skrev finns kvar/,
  },
} as const;

/** The client signed in, reading `lang` (saved on the person: the sign-in after the expiry restores it). */
async function signInReading(page: Page, lang: "en" | "sv"): Promise<void> {
  await signIn(page);
  await expect(page.getByTestId("signed-in-person")).toHaveText(users.client.name);
  await saveLanguage(page, lang);
}

async function saveLanguage(page: Page, lang: "en" | "sv"): Promise<void> {
  expect((await page.request.post("/api/trpc/session.setLocale", { data: { locale: lang } })).ok()).toBe(true);
  await readIn(page, lang);
}

async function screenshotBoth(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

for (const lang of ["en", "sv"] as const) {
  test(`an Employee's edit dialog comes back on the same Employee with what was typed, after an ended session (${lang})`, async ({ page, browser }) => {
    const text = TEXTS[lang];
    await signInReading(page, "en");
    await page.goto("/employees");
    const name = unique("Edited Draft");
    const other = unique("Not Edited");
    await createEmployee(page, { name: other, email: uniqueEmail("other"), country: "SWE" });
    await createEmployee(page, { name, email: uniqueEmail("edited"), country: "SWE" });
    await saveLanguage(page, lang);
    await page.goto("/employees");
    await page.waitForLoadState("networkidle");

    await employeeRow(page, name)
      .getByRole("button", { name: `${text.edit} ${name}` })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: text.name, exact: true }).fill(`${name} Renamed`);
    await dialog.getByRole("textbox", { name: "Metadata" }).fill('{"team": "south"}');

    await endSessionElsewhere(browser);
    await dialog.getByRole("button", { name: text.save }).click();
    await expect(page).toHaveURL(/\/login\?next=%2Femployees&reason=sessionEndedKept$/);

    await signInOnPage(page);
    await expect(page).toHaveURL(/\/employees$/);
    // The edit dialog of that Employee, not a create dialog, with what was typed, said once.
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toHaveText(new RegExp(`${name}$`));
    await expect(dialog.getByRole("status")).toContainText(text.restored);
    await expect(dialog.getByRole("textbox", { name: text.name, exact: true })).toHaveValue(`${name} Renamed`);
    await expect(dialog.getByRole("textbox", { name: "Metadata" })).toHaveValue('{"team": "south"}');
    expect(await draftsInTab(page)).toBe(0);
    await screenshotBoth(page, `edit-draft-restored-${lang}`);

    await dialog.getByRole("button", { name: text.save }).click();
    await expect(dialog).toHaveCount(0);
    await expect(employeeRow(page, `${name} Renamed`)).toBeVisible();
    await expect(employeeRow(page, other)).toBeVisible();
    await saveLanguage(page, "en");
  });
}

test("an edit on an Employee's own page comes back there; the operator signing in on the tab gets nothing", async ({ page, browser }) => {
  await signInReading(page, "en");
  await page.goto("/employees");
  const name = unique("Paged Draft");
  await createEmployee(page, { name, email: uniqueEmail("paged"), country: "SWE" });
  await employeeRow(page, name).getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  const detail = new URL(page.url());
  await page.waitForLoadState("networkidle");

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Cellphone number").fill("+46701234567");
  // Someone else signs in on this tab: no dialog for them, and the client's draft is gone.
  await draftDroppedForAnotherPerson(page, browser, dialog.getByRole("button", { name: "Save changes" }));

  // Kept for the client instead, it comes back on the Employee's own page.
  await signIn(page, users.client, `/login?next=${encodeURIComponent(detail.pathname + detail.search)}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Edit", exact: true }).click();
  await dialog.getByLabel("Cellphone number").fill("+46701234568");
  await endSessionElsewhere(browser);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/reason=sessionEndedKept$/);
  await signInOnPage(page);
  await expect(dialog.getByRole("status")).toContainText(TEXTS.en.restored);
  await expect(dialog.getByLabel("Cellphone number")).toHaveValue("+46701234568");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("+46701234568")).toBeVisible();
});

test("a webhook's edit keeps its URL and events, never a secret", async ({ page, browser }) => {
  await signInReading(page, "en");
  await page.goto("/webhooks");
  await page.waitForLoadState("networkidle");
  const url = `http://127.0.0.1:9/${unique("edited").replace(/\s/g, "-")}`;
  await page.getByRole("button", { name: "New subscription" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("URL").fill(url);
  await dialog.getByRole("checkbox", { name: "Employee.created" }).check();
  await dialog.getByRole("button", { name: "Create subscription" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: `Edit ${url}` }).click();
  await dialog.getByLabel("URL").fill(`${url}-moved`);
  await dialog.getByRole("checkbox", { name: "Employee.claimed" }).check();
  await endSessionElsewhere(browser);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fwebhooks&reason=sessionEndedKept$/);
  await signInOnPage(page);
  await expect(dialog.getByRole("status")).toContainText(TEXTS.en.restored);
  await expect(dialog.getByLabel("URL")).toHaveValue(`${url}-moved`);
  await expect(dialog.getByRole("checkbox", { name: "Employee.claimed" })).toBeChecked();
  await expect(dialog.getByRole("checkbox", { name: "Employee.created" })).toBeChecked();
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("New prepayment's input survives an ended session", async ({ page, browser }) => {
  await signInReading(page, "en");
  await page.goto("/prepayments");
  await page.waitForLoadState("networkidle");
  const description = unique("Kept prepayment");
  await page.getByRole("button", { name: "New prepayment" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Description").fill(description);
  await dialog.getByLabel("Amount").fill("1500.50");
  await endSessionElsewhere(browser);
  await dialog.getByRole("button", { name: "Create prepayment" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fprepayments&reason=sessionEndedKept$/);
  await signInOnPage(page);
  await expect(dialog.getByRole("status")).toContainText(TEXTS.en.restored);
  await expect(dialog.getByLabel("Description")).toHaveValue(description);
  await expect(dialog.getByLabel("Amount")).toHaveValue("1500.50");
  await dialog.getByRole("button", { name: "Cancel" }).click();
});

test("New Payrun's input survives an ended session", async ({ page, browser, request }) => {
  // New Payrun is an Integration's that manages its Payruns: one of its own, chosen in the dashboard by its cookie.
  const id = unique("explicit").replace(/\s/g, "-").toLowerCase();
  const created = await request.post("/v2/integrations/", {
    headers: { Authorization: `Token ${apiKey()}` },
    data: {
      id,
      name: `Explicit ${id}`,
      email: "invoices@explicit.example",
      recipient: "Explicit AB",
      address_line_1: "Storgatan 1",
      zip_code: "11122",
      city: "Stockholm",
      payrun_management: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await signInReading(page, "en");
  await page.context().addCookies([{ name: "payroute_integration", value: id, url: new URL(page.url()).origin }]);
  await page.goto("/payruns");
  await page.waitForLoadState("networkidle");

  const name = unique("Kept Payrun");
  await page.getByRole("button", { name: "New Payrun" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("Description").fill("October extras");
  await endSessionElsewhere(browser);
  await dialog.getByRole("button", { name: "Create Payrun" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fpayruns&reason=sessionEndedKept$/);
  await signInOnPage(page);
  await expect(dialog.getByRole("status")).toContainText(TEXTS.en.restored);
  await expect(dialog.getByLabel("Name")).toHaveValue(name);
  await expect(dialog.getByLabel("Description")).toHaveValue("October extras");
  await dialog.getByRole("button", { name: "Create Payrun" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
});
