import { expect, test, type Page } from "@playwright/test";
import { dashboardPages, inDashboard, seedDashboardObjects, seedPeople, visit, VIEWERS, type DashboardPage, type Viewer } from "./dashboard-pages";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

/** The page is no wider than the window: nothing sticks out sideways (a table scrolls inside its card instead). */
async function expectNoSidewaysScroll(page: Page, name: string): Promise<void> {
  const { scrollWidth, innerWidth, culprits } = await page.evaluate(() => {
    // The outermost elements reaching past the window's right edge, to name in the failure.
    const past = [...document.querySelectorAll<HTMLElement>("body *")].filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5);
    const outermost = past.filter((el) => !past.includes(el.parentElement as HTMLElement));
    const describe = (el: HTMLElement) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} (${Math.round(el.getBoundingClientRect().right)}px)`;
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprits: outermost.slice(0, 5).map(describe) };
  });
  expect.soft(scrollWidth, `${name} is ${scrollWidth}px wide in a ${innerWidth}px window: ${culprits.join(", ")}`).toBeLessThanOrEqual(innerWidth);
}

for (const [size, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(`every dashboard page fits a ${size} (${viewport.width}×${viewport.height}) and its navigation is reachable`, async ({ browser }) => {
    test.setTimeout(180_000);
    for (const role of VIEWERS) {
      const context = await browser.newContext({ viewport, storageState: JSON.parse(states[role]) });
      const page = await context.newPage();
      for (const target of pages.filter((p) => p.as === role)) {
        await visit(page, target);
        await expectNoSidewaysScroll(page, target.name);

        if (!inDashboard(target)) {
          // The employee app and the signed-out pages have no shell: what leads on sits in the page, which fits.
          if (target.as === "employee") await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
          continue;
        }
        if (size === "phone") {
          await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
          await page.getByRole("button", { name: "Menu" }).click();
          const drawer = page.getByRole("dialog", { name: "Menu" });
          await expect(drawer.getByRole("navigation", { name: "Main" })).toBeVisible();
          if (role === "client") await expect(drawer.getByRole("radio", { name: "Live" })).toBeVisible();
          await expect(drawer.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
          await expectNoSidewaysScroll(page, `${target.name} with the menu open`);
          await page.keyboard.press("Escape");
          await expect(drawer).toHaveCount(0);
          await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
        } else {
          await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
          await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
          await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
        }
      }
      await context.close();
    }
  });
}

test("on a phone the menu leads to another page and closes", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, storageState: JSON.parse(states.client) });
  const page = await context.newPage();
  await visit(page, pages[0]);
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await context.close();
});

test("a skip link jumps past the navigation to the page's content", async ({ browser }) => {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: JSON.parse(states.client) });
  const page = await context.newPage();
  // A dashboard page as the client sees it (the list starts with the signed-out pages).
  const first = pages.find((p) => p.as === "client");
  if (!first) throw new Error("no client page in the list");
  await visit(page, first);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();
  await context.close();
});
