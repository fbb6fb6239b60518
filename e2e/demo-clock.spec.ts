import { expect, test, type Page } from "@playwright/test";
import { apiKey } from "./dashboard-pages";
import { readIn, signInOnce, signInToIntegrations, unique, uniqueEmail } from "./support";

test("in demo, the Demo clock panel shows the demo time and advancing moves it, the offset as people read it", async ({ page }) => {
  await signInToIntegrations(page);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Logs" }).click();
  const panel = page.getByRole("region", { name: "Demo clock" });
  await expect(panel).toBeVisible();
  const now = panel.getByTestId("demo-clock-now");
  await expect(now).not.toBeEmpty();
  const offset = panel.getByTestId("demo-clock-offset");
  // This worker's account has not been advanced before: the demo runs on real time.
  await expect(offset).toHaveText("None: the demo runs on real time");
  const before = await now.textContent();
  await panel.getByRole("button", { name: "+1 day" }).click();
  await expect(now).not.toHaveText(before ?? "");
  await expect(offset).toHaveText("+1 day");
  await panel.getByRole("button", { name: "+1 hour" }).click();
  await expect(offset).toHaveText("+1 day 1 h");
});

const SIZES = [
  ["390", { width: 390, height: 844 }],
  ["1280", { width: 1280, height: 800 }],
] as const;
const LANGUAGES = [
  ["en", "en-GB", "Demo clock", /^\+\d+ days?( \d+ h)?$/],
  ["sv", "sv-SE", "Demoklocka", /^\+\d+ dag(ar)?( \d+ h)?$/],
] as const;

/** No part of the page is wider than the window. */
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

// The panel as a person sees it, in both languages and both widths; SCREENSHOTS=1 writes the pictures.
for (const [size, viewport] of SIZES) {
  test(`the Demo clock panel at ${size} px, in English and Swedish, fits without sideways scroll`, async ({ browser }) => {
    for (const [lang, locale, title, offset] of LANGUAGES) {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      await signInOnce(page);
      await expect(page).toHaveURL(/\/$/);
      await readIn(page, lang);
      await page.goto("/developers/logs");
      const panel = page.getByRole("region", { name: title });
      await expect(panel).toBeVisible();
      await expect(panel.getByTestId("demo-clock-now")).not.toBeEmpty();
      // The first test advanced the clock: the offset reads in the page's language.
      await expect(panel.getByTestId("demo-clock-offset")).toHaveText(offset);
      expect(await fits(page), `${lang} scrolls sideways`).toBe(true);
      if (process.env.SCREENSHOTS) await panel.screenshot({ path: `docs/screenshots/demo-clock-${size}-${lang}.png` });
      await context.close();
    }
  });
}

/** An Employee and a Payout to them in the dashboard's first Integration, made with the demo key. */
async function seedEmployeeAndPayout(page: Page): Promise<{ employee: string; payout: string; description: string }> {
  const auth = { Authorization: `Token ${apiKey()}` };
  const integrations = await page.request.get("/v2/integrations/?type=1", { headers: auth });
  expect(integrations.status()).toBe(200);
  const headers = { ...auth, "Integration-ID": (await integrations.json()).results[0].id };
  const employee = await page.request.post("/v2/employees/", { headers, data: { name: unique("Helga Helper"), email: uniqueEmail("helper"), country: "SWE" } });
  expect(employee.status()).toBe(201);
  const employeeId: string = (await employee.json()).id;
  const description = unique("Helper shift");
  const payout = await page.request.post("/v2/payouts/", { headers, data: { employee: employeeId, amount: "100.00", currency: "SEK", description } });
  expect(payout.status()).toBe(201);
  return { employee: employeeId, payout: (await payout.json()).id, description };
}

const HELPERS = {
  en: { claim: "Claim (test)", verify: "Verify (test)", accept: "Accept (test)" },
  sv: { claim: "Gör anspråk (test)", verify: "Verifiera (test)", accept: "Acceptera (test)" },
} as const;

// The test-helper buttons in the page headers, in both languages and both widths; SCREENSHOTS=1 writes the pictures.
for (const [size, viewport] of SIZES) {
  test(`the test-helper buttons at ${size} px, in English and Swedish, fit without sideways scroll`, async ({ browser }) => {
    for (const [lang, locale] of LANGUAGES) {
      const context = await browser.newContext({ viewport, locale });
      const page = await context.newPage();
      await signInOnce(page);
      await expect(page).toHaveURL(/\/$/);
      await readIn(page, lang);
      const seeded = await seedEmployeeAndPayout(page);
      const words = HELPERS[lang];
      await page.goto(`/employees/${seeded.employee}`);
      const claim = page.getByRole("button", { name: new RegExp(`^${words.claim.replace(/[()]/g, "\\$&")}`) });
      await expect(claim).toBeVisible();
      expect(await fits(page), `${lang}: the Employee's page scrolls sideways`).toBe(true);
      if (process.env.SCREENSHOTS) await page.locator(".page-header").screenshot({ path: `docs/screenshots/test-helpers-employee-${size}-${lang}.png` });
      await claim.click();
      // Claimed: Verify takes Claim's place, and the notice says what happened.
      await expect(page.getByRole("button", { name: new RegExp(`^${words.verify.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
      await expect(claim).toHaveCount(0);
      if (process.env.SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/test-helpers-claimed-${size}-${lang}.png` });

      await page.goto(`/payouts/${seeded.payout}`);
      await expect(page.getByRole("heading", { level: 1, name: seeded.description })).toBeVisible();
      await expect(page.getByRole("button", { name: new RegExp(`^${words.accept.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
      expect(await fits(page), `${lang}: the Payout's page scrolls sideways`).toBe(true);
      if (process.env.SCREENSHOTS) await page.locator(".page-header").screenshot({ path: `docs/screenshots/test-helpers-payout-${size}-${lang}.png` });
      await context.close();
    }
  });
}
