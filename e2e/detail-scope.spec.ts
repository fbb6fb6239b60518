/**
 * Detail pages and their scope (issue 26 point 6): a live Employee's link opened by a colleague who is in demo.
 * A link the dashboard gives carries `?env=` and `?integration=` and opens in that scope; a bare link (typed, or
 * from before) finds the object in the account's other environment and offers the switch, in both languages.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { liveApiKey } from "./dashboard-pages";
import { readIn, screenshot, signInOnce, switchEnvironment, unique, uniqueEmail } from "./support";

const live = () => ({ Authorization: `Token ${liveApiKey()}` });

interface LiveEmployee {
  id: string;
  name: string;
  integration: { id: string; name: string };
}

/** An Employee of the account's live web-app Integration, made through /v2/. */
async function liveEmployee(request: APIRequestContext): Promise<LiveEmployee> {
  const list = await request.get("/v2/integrations/?type=1", { headers: live() });
  expect(list.status()).toBe(200);
  const integration: { id: string; name: string } = (await list.json()).results[0];
  const name = unique("Livia Link");
  const res = await request.post("/v2/employees/", {
    headers: { ...live(), "Integration-ID": integration.id },
    data: { name, email: uniqueEmail("livia"), country: "SWE" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name, integration: { id: integration.id, name: integration.name } };
}

/** The colleague: another browser, signed in and looking at demo, reading in `lang`. */
async function colleagueInDemo(browser: Browser, lang: "en" | "sv", viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInOnce(page);
  await expect(page).toHaveURL(/\/$/);
  // The switch is in the top bar at this width (a phone folds it into the menu).
  await switchEnvironment(page, "Demo");
  await readIn(page, lang);
  await page.setViewportSize(viewport);
  return page;
}

test("a live Employee's link, copied from the list, opens in live for a colleague who is in demo", async ({ page, browser, request }) => {
  const employee = await liveEmployee(request);

  // The sharer, in live, opens the Employee from the list and copies the address.
  await signInOnce(page);
  await expect(page).toHaveURL(/\/$/);
  await readIn(page, "en");
  await switchEnvironment(page, "Live");
  await page.goto(`/employees?q=${encodeURIComponent(employee.name)}`);
  const link = page.getByRole("link", { name: employee.name });
  await expect(link).toHaveAttribute(
    "href",
    `/employees/${encodeURIComponent(employee.id)}?env=live&integration=${encodeURIComponent(employee.integration.id)}`,
  );
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: employee.name })).toBeVisible();
  const shared = page.url();

  const other = await colleagueInDemo(browser, "en");
  await other.goto(shared);
  await expect(other.getByRole("radio", { name: "Live" })).toBeChecked();
  await expect(other.getByRole("combobox", { name: "Integration" })).toHaveValue(employee.integration.id);
  await expect(other.getByRole("heading", { level: 1, name: employee.name })).toBeVisible();
  await expect(other.getByText(`No Employee "${employee.id}"`)).toHaveCount(0);
  await other.context().close();
});

for (const { lang, says, button, live: liveName, notFound } of [
  {
    lang: "en" as const,
    says: (e: LiveEmployee) => `This Employee is in Live, in Integration “${e.integration.name}”.`,
    button: (e: LiveEmployee) => `Switch to Live · ${e.integration.name}`,
    live: "Live",
    notFound: 'No Employee "nobody-here" in this Integration.',
  },
  {
    lang: "sv" as const,
    says: (e: LiveEmployee) => `Den här anställda finns i miljön Skarp, i integrationen ”${e.integration.name}”.`,
    button: (e: LiveEmployee) => `Byt till Skarp · ${e.integration.name}`,
    live: "Skarp",
    notFound: 'Ingen anställd "nobody-here" i den här integrationen.',
  },
]) {
  test(`a bare link to a live Employee opened in demo says where it is and switches there (${lang})`, async ({ browser, request }) => {
    const employee = await liveEmployee(request);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await colleagueInDemo(browser, lang, viewport);
      await page.goto(`/employees/${encodeURIComponent(employee.id)}`);
      const offer = page.getByRole("status").filter({ hasText: says(employee) });
      await expect(offer).toBeVisible();
      const switchButton = offer.getByRole("button", { name: button(employee) });
      await expect(switchButton).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), "scrolls sideways").toBe(true);
      await screenshot(page, `detail-scope-offer-${viewport.width}-${lang}`);

      await switchButton.click();
      await expect(page.getByRole("heading", { level: 1, name: employee.name })).toBeVisible();
      // On a phone the switch is in the folded menu: hidden, but it says which environment is on.
      await expect(page.getByRole("radio", { name: liveName, includeHidden: true })).toBeChecked();
      await expect(page).toHaveURL(new RegExp(`[?&]env=live(&|$)`));
      await page.context().close();
    }
  });

  test(`an id that is nowhere keeps the not-found text (${lang})`, async ({ browser }) => {
    const page = await colleagueInDemo(browser, lang);
    await page.goto("/employees/nobody-here");
    await expect(page.getByRole("alert").filter({ hasText: notFound })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /Switch to|Byt till/ })).toHaveCount(0);
    await page.context().close();
  });
}
