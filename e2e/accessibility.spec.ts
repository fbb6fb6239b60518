import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { dashboardPages, seedDashboardObjects, seedPeople, visit, VIEWERS, type DashboardPage, type Viewer } from "./dashboard-pages";

const SIZES = [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const;

// Minutes of axe per size: its tests may run on different workers (each seeds its own objects), so that this file
// is not one worker's last minutes.
test.describe.configure({ mode: "parallel" });

let pages: DashboardPage[] = [];
let states: Record<Viewer, string>;

test.beforeAll(async ({ browser, request }) => {
  // Objects through /v2/, sign-ins, a claimed Employee and three emails: several seconds on a shared machine.
  test.setTimeout(90_000);
  const ids = await seedDashboardObjects(request);
  const seeded = await seedPeople(browser, request, ids);
  pages = dashboardPages(ids, seeded.people);
  states = seeded.states;
});

/** axe-core's serious and critical findings (WCAG 2.1 A and AA rules and best practices), one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

for (const [size, viewport] of SIZES) {
  test(`no serious or critical accessibility violations on any dashboard page, ${size}`, async ({ browser }) => {
    // Every page at one size, axe on each: minutes on a shared machine.
    test.setTimeout(300_000);
    for (const role of VIEWERS) {
      const context = await browser.newContext({ viewport, storageState: JSON.parse(states[role]) });
      const page = await context.newPage();
      for (const target of pages.filter((p) => p.as === role)) {
        await visit(page, target);
        expect.soft(await seriousViolations(page), target.name).toEqual([]);
      }
      if (size === "phone" && role === "client") {
        // The menu drawer, open.
        await page.getByRole("button", { name: "Menu" }).click();
        await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
        expect.soft(await seriousViolations(page), "the menu drawer").toEqual([]);
      }
      await context.close();
    }
  });
}

test("dialogs have no serious or critical accessibility violations", async ({ browser }) => {
  const context = await browser.newContext({ storageState: JSON.parse(states.client) });
  const page = await context.newPage();
  await visit(page, pages.find((p) => p.name === "Employees") ?? pages[0]);
  await page.getByRole("button", { name: "New Employee" }).click();
  await expect(page.getByRole("dialog", { name: "New Employee" })).toBeVisible();
  expect.soft(await seriousViolations(page), "New Employee").toEqual([]);
  await page.keyboard.press("Escape");
  await page
    .getByRole("button", { name: /^Delete / })
    .first()
    .click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  expect.soft(await seriousViolations(page), "Delete Employee").toEqual([]);
  await context.close();
});
