/**
 * Every page, loaded once per size and language, and on that one load each check that applies to it: row actions on
 * screen and names, not ids, in lists (was table-actions.spec.ts); no serious or critical axe findings (was
 * accessibility.spec.ts); the page fits the window and its navigation is reachable (was responsive.spec.ts).
 * In English every page is visited (signed-out pages, the employee app, the dashboard as client and as operator);
 * in Swedish the dashboard's pages that a path reaches, for the table checks and the page's width.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { signedInState, tablesScrollingSideways, users } from "./support";
import { dashboardPages, inDashboard, seedDashboardObjects, seedPeople, VIEWERS, type DashboardPage, type Viewer } from "./dashboard-pages";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SIZES = [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const;

/** The cookie the language switch sets: the page's language without changing the person's saved choice. */
const LOCALE_COOKIE = "payroute_locale";
const LOADING = { en: "Loading…", sv: "Laddar…" } as const;
/** Table rows a viewer's dashboard pages show at the least (seen: the client 54, the operator 43 in English and 15 in Swedish). */
const ROWS_AT_LEAST = { client: 20, operator: 10 } as const;

interface Seeded {
  pages: DashboardPage[];
  states: Record<Viewer, string>;
}

/** This worker's objects and links (module state is per worker), made at its first test of this file. */
let madeOnce: Promise<Seeded> | undefined;

async function seed(browser: Browser, request: APIRequestContext): Promise<Seeded> {
  const ids = await seedDashboardObjects(request);
  const { states, people } = await seedPeople(browser, request, ids);
  return { pages: dashboardPages(ids, people), states };
}

/**
 * The pages and each viewer's browser state. The objects and the emailed links are made once per worker: rows in every
 * list (an Employee, a Payout and so an open Payrun, a Prepayment and its Invoice, a Registration, a webhook; a live
 * Employee waiting for verification), several seconds on a shared machine, shared by the tests of this file that the
 * worker runs (the pages are only looked at; the links are opened, never used). The client's and the operator's
 * sessions are checked for each test (signInOnce): a spec run between two of these may have ended them.
 */
const test = base.extend<{ seeded: Seeded }>({
  seeded: [
    async ({ browser, request }, use) => {
      madeOnce ??= seed(browser, request).catch((e: unknown) => {
        madeOnce = undefined;
        throw e;
      });
      const made = await madeOnce;
      const states = { ...made.states };
      for (const role of ["client", "operator"] as const) states[role] = JSON.stringify(await signedInState(browser, users[role]));
      await use({ pages: made.pages, states });
    },
    { timeout: 90_000 },
  ],
});

interface Misfit {
  what: string;
  left: number;
  right: number;
}

/** What a person could click in a table row but not see without scrolling sideways, and table cells that show a UUID. */
async function tableProblems(page: Page): Promise<{ rows: number; misfits: Misfit[]; uuids: string[]; window: number }> {
  return page.evaluate(() => {
    const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 60)}"`;
    const rows = [...document.querySelectorAll<HTMLTableRowElement>("main table tbody tr")].filter((tr) => tr.getClientRects().length > 0);
    const misfits: Misfit[] = [];
    const uuids: string[] = [];
    for (const row of rows) {
      for (const el of row.querySelectorAll("a, button, input, select")) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 && box.height === 0) continue; // not shown (a collapsed detail)
        if (box.left < -0.5 || box.right > window.innerWidth + 0.5) misfits.push({ what: name(el), left: Math.round(box.left), right: Math.round(box.right) });
      }
      // Only lists (a details table is label and value, where an id may be a value); an ID column shows ids by design.
      if (!row.closest("table.list-table")) continue;
      for (const cell of row.cells) {
        if (/^id$/i.test(cell.dataset.label ?? "")) continue;
        // The id line under a name (`data-id`) is the one place a list shows an id, for developers to copy; what a
        // client sent is shown as sent (`data-verbatim`: the request log's paths, which name objects by their ids).
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll("[data-id], [data-verbatim]").forEach((id) => id.remove());
        const found = UUID.exec(copy.textContent ?? "");
        if (found) uuids.push(`${(cell.dataset.label ?? cell.cellIndex).toString()}: ${found[0]}`);
      }
    }
    return { rows: rows.length, misfits, uuids, window: window.innerWidth };
  });
}

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

/** The shell's navigation: in the menu drawer on a phone (which fits too, and gives focus back on Escape), in view on a desktop. */
async function expectNavigationReachable(page: Page, target: DashboardPage, size: "phone" | "desktop"): Promise<void> {
  if (size === "phone") {
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await page.getByRole("button", { name: "Menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByRole("navigation", { name: "Main" })).toBeVisible();
    if (target.as === "client") await expect(drawer.getByRole("radio", { name: "Live" })).toBeVisible();
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

test.describe("every page, loaded once per size and language", () => {
  // Minutes each: they spread over the workers (each worker seeds once, however many of them it runs).
  test.describe.configure({ mode: "parallel" });

  for (const language of ["en", "sv"] as const) {
    for (const [size, viewport] of SIZES) {
      // One test per viewer: a bound of its own, and a retry of only the viewer that failed.
      for (const role of language === "en" ? VIEWERS : (["client", "operator"] as const)) {
        const checks =
          language === "en"
            ? "row actions on screen, names not ids, fits the window with its navigation reachable, no serious or critical accessibility violations"
            : "row actions on screen, names not ids, fits the window";
        test(`every ${language === "en" ? "" : "dashboard "}page of the ${role} on a ${size} (${viewport.width}×${viewport.height}) in ${language}: ${checks}`, async ({
          browser,
          baseURL,
          seeded,
        }) => {
          // A viewer's pages at one size, axe on each in English: up to three minutes (the client's) on a shared machine.
          test.setTimeout(language === "en" ? 480_000 : 240_000);
          let rowsSeen = 0;
          const context = await browser.newContext({ viewport, storageState: JSON.parse(seeded.states[role]) });
          await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseURL ?? "" }]);
          const page = await context.newPage();
          // A page reached by clicking an English link (`open`) is a detail page; in Swedish its list is checked instead.
          for (const target of seeded.pages.filter((p) => p.as === role && (language === "en" || !p.open))) {
            await page.goto(target.path);
            await target.open?.(page);
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await expect(page.locator("html")).toHaveAttribute("lang", language);
            await expect(page.getByText(LOADING[language])).toHaveCount(0);
            // The page is no wider than the window (every page, both languages).
            await expectNoSidewaysScroll(page, target.name);

            if (inDashboard(target)) {
              const found = await tableProblems(page);
              rowsSeen += found.rows;
              expect.soft(found.misfits, `${target.name}: out of the ${found.window}px window`).toEqual([]);
              expect.soft(found.uuids, `${target.name}: ids in list cells`).toEqual([]);
              // On a laptop no table scrolls sideways, inside its card either; on a phone the lists are cards.
              expect.soft(await tablesScrollingSideways(page, { lists: size === "phone" }), `${target.name}: tables scrolling sideways`).toEqual([]);
            }
            if (language !== "en") continue;

            // Before the menu is opened below: the page as it loaded.
            expect.soft(await seriousViolations(page), target.name).toEqual([]);
            if (inDashboard(target)) await expectNavigationReachable(page, target, size);
            // The employee app and the signed-out pages have no shell: what leads on sits in the page, which fits.
            else if (target.as === "employee") await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
          }
          if (language === "en" && size === "phone" && role === "client") {
            // The menu drawer, open.
            await page.getByRole("button", { name: "Menu" }).click();
            await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
            expect.soft(await seriousViolations(page), "the menu drawer").toEqual([]);
          }
          await context.close();
          // The seeded objects fill the dashboard's lists: a check over empty tables would pass without checking anything.
          if (role === "client" || role === "operator") expect(rowsSeen, `table rows on the ${role}'s pages`).toBeGreaterThan(ROWS_AT_LEAST[role]);
        });
      }
    }
  }
});

/** Opens the page and waits until it has its title and nothing is loading any more. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Loading…")).toHaveCount(0);
}

test("dialogs have no serious or critical accessibility violations", async ({ browser, seeded }) => {
  const context = await browser.newContext({ storageState: JSON.parse(seeded.states.client) });
  await context.addCookies([{ name: LOCALE_COOKIE, value: "en", url: test.info().project.use.baseURL ?? "" }]);
  const page = await context.newPage();
  await visit(page, "/employees");
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

test("on a phone the menu leads to another page and closes", async ({ browser, seeded }) => {
  const context = await browser.newContext({ viewport: PHONE, storageState: JSON.parse(seeded.states.client) });
  await context.addCookies([{ name: LOCALE_COOKIE, value: "en", url: test.info().project.use.baseURL ?? "" }]);
  const page = await context.newPage();
  await visit(page, "/");
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Payouts" }).click();
  await expect(page).toHaveURL(/\/payouts$/);
  await expect(page.getByRole("dialog", { name: "Menu" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Payouts", level: 1 })).toBeVisible();
  await context.close();
});

test("a skip link jumps past the navigation to the page's content", async ({ browser, seeded }) => {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: JSON.parse(seeded.states.client) });
  await context.addCookies([{ name: LOCALE_COOKIE, value: "en", url: test.info().project.use.baseURL ?? "" }]);
  const page = await context.newPage();
  // A dashboard page as the client sees it: the home.
  await visit(page, "/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#content")).toBeFocused();
  await context.close();
});
