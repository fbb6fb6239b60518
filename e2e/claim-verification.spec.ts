import { expect, test, type Browser, type Page } from "@playwright/test";
import { mailLink } from "./mail-links";
import {
  CLAIM_DETAILS,
  createEmployee,
  invitationLink,
  operatorInNewContext,
  screenshot,
  signInToIntegrations,
  tablesScrollingSideways,
  unique,
  uniqueEmail,
  users,
} from "./support";

/**
 * Issue 28: the claim form's field errors in English and Swedish, then a claim the review team checks (the
 * automatic checks, a recorded Reveal), rejects with a reason, the Employee corrects, and the team approves.
 */

const WORDS = {
  en: {
    accept: "Accept the invitation",
    street: "Street address",
    postal: "Postal code",
    city: "City",
    identity: "Personal identity number (or coordination number)",
    clearing: "Clearing number",
    account: "Account number",
    identityError: /Enter a valid Swedish personal identity number/,
    clearingError: /Enter a valid clearing number/,
    accountError: /SEB account numbers have 7 digits .*you entered 5/,
    pending: "Being verified",
    checking: /We are checking your details/,
    rejected: "Needs correcting",
    resubmit: "Send my details for checking again",
    verified: "Verified",
  },
  sv: {
    accept: "Ta emot inbjudan",
    street: "Gatuadress",
    postal: "Postnummer",
    city: "Ort",
    identity: "Personnummer (eller samordningsnummer)",
    clearing: "Clearingnummer",
    account: "Kontonummer",
    identityError: /Ange ett giltigt personnummer eller samordningsnummer/,
    clearingError: /Ange ett giltigt clearingnummer/,
    accountError: /Kontonummer hos SEB har 7 siffror .*du angav 5/,
    pending: "Verifieras",
    checking: /Vi kontrollerar dina uppgifter/,
    rejected: "Behöver rättas",
    resubmit: "Skicka mina uppgifter för ny kontroll",
    verified: "Verifierad",
  },
} as const;
type Lang = keyof typeof WORDS;

/** A live Employee created by the client; returns the invitation's link and the Employee's email. */
async function liveInvitation(page: Page, name: string): Promise<{ link: string; email: string }> {
  await signInToIntegrations(page);
  await page.getByLabel("Live").check();
  await page.goto("/employees");
  await expect(page.getByRole("heading", { name: "Employees" })).toBeVisible();
  const email = uniqueEmail("claim");
  await createEmployee(page, { name, email, country: "SWE" });
  return { link: await invitationLink(email), email };
}

/** The Employee's browser, in the language given. */
async function employeeBrowser(browser: Browser, lang: Lang) {
  const context = await browser.newContext({ locale: lang === "sv" ? "sv-SE" : "en-GB" });
  return { context, page: await context.newPage() };
}

async function fillNumbers(page: Page, lang: Lang, numbers: { identity: string; clearing: string; account: string }) {
  const w = WORDS[lang];
  await page.getByLabel(w.identity).fill(numbers.identity);
  await page.getByLabel(w.clearing).fill(numbers.clearing);
  await page.getByLabel(w.account).fill(numbers.account);
}

/** With E2E_SCREENSHOTS: the page at a phone's and a laptop's width, named as `npm run screenshots` names pages. */
async function shots(page: Page, name: string, lang: Lang): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  for (const [size, width] of [
    ["phone", 390],
    ["desktop", 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, `${name}-${size}${lang === "sv" ? "-sv" : ""}`);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** With E2E_SCREENSHOTS: the same page in the other language too (the locale cookie of this browser only; no saved setting changes). */
async function shotsInLanguage(page: Page, name: string, lang: Lang, back: Lang): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const url = new URL(page.url());
  await page.context().addCookies([{ name: "payroute_locale", value: lang, domain: url.hostname, path: "/" }]);
  await page.reload();
  await page.waitForLoadState("networkidle");
  await shots(page, name, lang);
  await page.context().addCookies([{ name: "payroute_locale", value: back, domain: url.hostname, path: "/" }]);
  await page.reload();
}

function fieldError(page: Page, field: string) {
  return page.locator(`#claim-${field}-error`);
}

for (const lang of ["en", "sv"] as const) {
  test(`the claim form names each wrong field (${lang})`, async ({ page, browser }) => {
    // Four submissions in a second browser: more than one page's flow under a loaded CI.
    test.setTimeout(60_000);
    const w = WORDS[lang];
    const { link } = await liveInvitation(page, unique("Felix Field"));
    const employee = await employeeBrowser(browser, lang);
    const e = employee.page;
    await e.goto(link);
    await e.getByLabel(w.street).fill(CLAIM_DETAILS.street);
    await e.getByLabel(w.postal).fill(CLAIM_DETAILS.postalCode);
    await e.getByLabel(w.city).fill(CLAIM_DETAILS.city);
    const good = { identity: CLAIM_DETAILS.identityNumber, clearing: CLAIM_DETAILS.clearing, account: CLAIM_DETAILS.account };

    // A personnummer whose check digit is wrong.
    await fillNumbers(e, lang, { ...good, identity: "19121212-1213" });
    await e.getByRole("button", { name: w.accept }).click();
    await expect(fieldError(e, "identity_number")).toHaveText(w.identityError);
    await expect(e.getByLabel(w.identity)).toHaveAttribute("aria-invalid", "true");
    await expect(fieldError(e, "clearing_number")).toHaveCount(0);
    await expect(fieldError(e, "account_number")).toHaveCount(0);

    // A clearing number no bank has.
    await fillNumbers(e, lang, { ...good, clearing: "0999" });
    await e.getByRole("button", { name: w.accept }).click();
    await expect(fieldError(e, "clearing_number")).toHaveText(w.clearingError);
    await expect(fieldError(e, "identity_number")).toHaveCount(0);
    await expect(fieldError(e, "account_number")).toHaveCount(0);

    // An SEB account (7 digits) with 5.
    await fillNumbers(e, lang, { ...good, account: "12345" });
    await e.getByRole("button", { name: w.accept }).click();
    await expect(fieldError(e, "account_number")).toHaveText(w.accountError);
    await expect(fieldError(e, "clearing_number")).toHaveCount(0);
    await expect(fieldError(e, "identity_number")).toHaveCount(0);
    await shots(e, "claim-form-errors", lang);

    // The link was not used up by the refusals: the right details claim it.
    await fillNumbers(e, lang, good);
    await e.getByRole("button", { name: w.accept }).click();
    await expect(e).toHaveURL(/\/e$/);
    await expect(e.getByTestId("employee-status")).toHaveText(w.pending);
    await employee.context.close();
  });
}

test("the review team checks, reveals and rejects a claim; the Employee corrects it in Swedish and is verified", async ({ page, browser }) => {
  // Three browsers and two review rounds: longer than one page's flow (and screenshots, when asked for, add more).
  test.setTimeout(120_000);
  const w = WORDS.sv;
  const name = unique("Sara Svensson");
  const { link, email } = await liveInvitation(page, name);
  const employee = await employeeBrowser(browser, "sv");
  const e = employee.page;
  await e.goto(link);
  await e.getByLabel(w.street).fill(CLAIM_DETAILS.street);
  await e.getByLabel(w.postal).fill(CLAIM_DETAILS.postalCode);
  await e.getByLabel(w.city).fill(CLAIM_DETAILS.city);
  await fillNumbers(e, "sv", { identity: CLAIM_DETAILS.identityNumber, clearing: CLAIM_DETAILS.clearing, account: CLAIM_DETAILS.account });
  await e.getByRole("button", { name: w.accept }).click();
  await expect(e.getByTestId("employee-status")).toHaveText(w.pending);
  await expect(e.getByText(w.checking)).toBeVisible();
  await expect(e.getByTestId("current-bank-account")).toHaveText("SEB ****4560");

  // The operator: the claim beside the employer's data, the checks, the numbers masked until revealed.
  const operator = await operatorInNewContext(browser);
  const o = operator.page;
  await o.goto("/review/employees");
  await o
    .getByRole("row")
    .filter({ hasText: name })
    .getByRole("link", { name: `Review ${name}` })
    .click();
  const checks = o.getByRole("region", { name: "Automatic checks" });
  await expect(checks.getByRole("listitem")).toHaveCount(4);
  for (const check of ["Identity number valid", "At least 16 years old", "Bank account valid for its clearing range"]) {
    await expect(checks.getByRole("listitem").filter({ hasText: check })).toContainText("Passed");
  }
  await expect(checks).toContainText("A valid SEB account");
  const compare = o.getByRole("group", { name: "Employer's data and the claim" });
  await expect(compare.getByRole("row", { name: /Address/ })).toContainText("Storgatan 1, 111 22 Stockholm");
  await expect(o.getByTestId("sensitive-identity_number")).toHaveText("19121212-****");
  await expect(o.getByTestId("sensitive-bank_account")).toHaveText("SEB ****4560");
  await expect(o.getByText("19121212-1212")).toHaveCount(0);

  await o.getByRole("button", { name: "Reveal the full identity number" }).click();
  await expect(o.getByTestId("sensitive-identity_number")).toHaveText("19121212-1212");
  const trail = o.getByRole("region", { name: "Audit trail" });
  await expect(trail.getByRole("row").filter({ hasText: "Revealed identity number" })).toContainText(users.operator.email);
  // The comparison and the trail are read without scrolling sideways: on a phone each row is a card.
  for (const width of [390, 1280]) {
    await o.setViewportSize({ width, height: 900 });
    expect(await tablesScrollingSideways(o), `the verification page at ${width}px`).toEqual([]);
  }
  await o.setViewportSize({ width: 1280, height: 720 });
  await shots(o, "employee-verification", "en");
  await shotsInLanguage(o, "employee-verification", "sv", "en");

  const reason = "The street address lacks your flat number: add it.";
  await o.getByRole("button", { name: "Reject" }).click();
  await o.getByRole("dialog").getByLabel("Reason").fill(reason);
  await o.getByRole("dialog").getByRole("button", { name: "Reject" }).click();
  await expect(o.getByRole("status")).toContainText(`${name} is rejected.`);
  await expect(trail.getByRole("row").filter({ hasText: reason })).toBeVisible();

  // The Employee sees the reason, not "we are checking", and sends the form again with the fields corrected.
  await e.reload();
  await expect(e.getByTestId("employee-status")).toHaveText(w.rejected);
  await expect(e.getByText(w.checking)).toHaveCount(0);
  await expect(e.getByTestId("rejection-reason")).toHaveText(reason);
  await expect(e.getByLabel(w.street)).toHaveValue(CLAIM_DETAILS.street);
  await shots(e, "employee-rejected", "sv");
  await shotsInLanguage(e, "employee-rejected", "en", "sv");
  await e.getByLabel(w.street).fill("Storgatan 1 lgh 1102");
  await fillNumbers(e, "sv", { identity: CLAIM_DETAILS.identityNumber, clearing: CLAIM_DETAILS.clearing, account: CLAIM_DETAILS.account });
  await e.getByRole("button", { name: w.resubmit }).click();
  await expect(e.getByTestId("employee-status")).toHaveText(w.pending);
  await expect(e.getByText(w.checking)).toBeVisible();

  // Back in the queue: the operator approves the corrected details.
  await o.reload();
  await expect(compare.getByRole("row", { name: /Address/ })).toContainText("Storgatan 1 lgh 1102");
  await o.getByRole("button", { name: "Approve" }).click();
  await o.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
  await expect(o.getByRole("status")).toContainText(`${name} is verified.`);
  await operator.context.close();

  await e.reload();
  await expect(e.getByTestId("employee-status")).toHaveText(w.verified);
  await expect(e.getByTestId("rejection-reason")).toHaveCount(0);

  // Soon after the sign-in link, the bank account may change; the screen says an email was sent.
  await e.getByRole("button", { name: "Ändra bankkonto" }).click();
  await e.getByLabel("Nytt clearingnummer").fill("6000");
  await e.getByLabel("Nytt kontonummer").fill("1234");
  await e.getByRole("button", { name: "Spara bankkonto" }).click();
  await expect(e.locator("#bank-account_number-error")).toContainText("Handelsbanken");
  await e.getByLabel("Nytt kontonummer").fill("111234565");
  await e.getByRole("button", { name: "Spara bankkonto" }).click();
  await expect(e.getByRole("status")).toContainText("Handelsbanken ****4565");
  await expect(e.getByRole("status")).toContainText("mejl");
  await expect(e.getByTestId("current-bank-account")).toHaveText("Handelsbanken ****4565");
  await shots(e, "employee-bank-changed", "sv");
  // The email about the change: the only one to this Employee that links to the app's home rather than a claim.
  await mailLink(email, /https?:\/\/[^\s"'<>]+\/e(?=["\s<>])/);
  await employee.context.close();
});
