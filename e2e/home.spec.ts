import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser } from "@playwright/test";
import { apiKey, seedDashboardObjects, type DashboardObjects } from "./dashboard-pages";
import { screenshot, signedInState, users } from "./support";

const SIZES = [
  ["390", { width: 390, height: 844 }],
  ["1280", { width: 1280, height: 800 }],
] as const;
const LANGUAGES = [
  ["en", "en-GB"],
  ["sv", "sv-SE"],
] as const;

let ids: DashboardObjects;
let states: Record<"client" | "operator", string>;

test.beforeAll(async ({ browser, request }) => {
  test.setTimeout(90_000);
  ids = await seedDashboardObjects(request);
  // Only the client and the operator look at a home: no Employee's claim or emailed links (seedPeople) are needed.
  states = { client: JSON.stringify(await signedInState(browser, users.client)), operator: JSON.stringify(await signedInState(browser, users.operator)) };
});

async function open(browser: Browser, role: "client" | "operator", viewport: { width: number; height: number }, locale = "en-GB") {
  const context = await browser.newContext({ viewport, locale, storageState: JSON.parse(states[role]) });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(/Loading…|Läser in…/)).toHaveCount(0);
  return { context, page };
}

test("the home shows the open Payrun's price as /v2/payruns/open/ gives it, and each figure links to its list", async ({ browser, request }) => {
  const { context, page } = await open(browser, "client", { width: 1280, height: 800 });
  const res = await request.get("/v2/payruns/open/", { headers: { Authorization: `Token ${apiKey()}`, "Integration-ID": ids.integration } });
  expect(res.status()).toBe(200);
  const openPayrun = (await res.json()) as { id: string; price: string; payout_count: number };
  const payrunLink = page.getByRole("link", { name: new RegExp(`^SEK ${Number(openPayrun.price).toLocaleString("en-GB", { minimumFractionDigits: 2 })}$`) });
  await expect(payrunLink).toHaveAttribute("href", new RegExp(`^/payruns/${encodeURIComponent(openPayrun.id)}\\?env=demo&integration=`));
  await expect(page.getByText(`${openPayrun.payout_count} Payout`)).toBeVisible();
  await page.getByRole("link", { name: /Invited$/ }).click();
  await expect(page).toHaveURL(/\/employees\?status=invited$/);
  await context.close();
});

test("the operators' home shows their queues, each linking to its page", async ({ browser }) => {
  const { context, page } = await open(browser, "operator", { width: 1280, height: 800 });
  await expect(page.getByRole("heading", { name: "Employees to verify" })).toBeVisible();
  await page.getByRole("heading", { name: "Payruns to mark paid" }).locator("..").getByRole("link").click();
  await expect(page).toHaveURL(/\/review\/payruns$/);
  await context.close();
});

test("an unknown address says so in the reader's language and leads home", async ({ browser }) => {
  for (const [lang, locale] of LANGUAGES) {
    const context = await browser.newContext({ locale, storageState: JSON.parse(states.client) });
    // The reader's language as the switch sets it: a choice another spec saved for this person must not decide it.
    await context.addCookies([{ name: "payroute_locale", value: lang, url: test.info().project.use.baseURL ?? "http://127.0.0.1:3101" }]);
    const page = await context.newPage();
    const res = await page.goto("/no-such-page");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "en" ? "Page not found" : "Sidan finns inte");
    await page.getByRole("link", { name: lang === "en" ? "Go to the home page" : "Till översikten" }).click();
    await expect(page).toHaveURL(/\/$/);
    await context.close();
  }
});

for (const [size, viewport] of SIZES) {
  // In English the home is one of every-page.spec.ts's pages (axe and width at both sizes, as client and operator);
  // with SCREENSHOTS=1 English is taken here too, for the pictures.
  const languages = process.env.SCREENSHOTS ? LANGUAGES : LANGUAGES.filter(([lang]) => lang === "sv");
  test(`no serious or critical axe violation on the home, ${size} px, and no sideways scroll`, async ({ browser }) => {
    test.setTimeout(240_000);
    for (const role of ["client", "operator"] as const) {
      for (const [lang, locale] of languages) {
        const { context, page } = await open(browser, role, viewport, locale);
        const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
        const serious = results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        expect.soft(serious, `${role} ${lang}`).toEqual([]);
        expect.soft(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${role} ${lang} scrolls sideways`).toBe(true);
        // docs/screenshots/ has the home from `npm run screenshots`; these are for looking at this spec's data.
        await screenshot(page, `home${role === "operator" ? "-operator" : ""}-${size}-${lang}`);
        await context.close();
      }
    }
  });
}
