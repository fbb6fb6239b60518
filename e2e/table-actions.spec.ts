import { expect, test, type Page } from "@playwright/test";
import { tablesScrollingSideways } from "./support";
import { dashboardPages, inDashboard, seedDashboardObjects, seedPeople, type DashboardPage, type Viewer } from "./dashboard-pages";

const SIZES = [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const;

/** The cookie the language switch sets: the page's language without changing the person's saved choice. */
const LOCALE_COOKIE = "payroute_locale";
const LOADING = { en: "Loading…", sv: "Laddar…" } as const;

let pages: DashboardPage[] = [];
let states: Record<Viewer, string>;

test.beforeAll(async ({ browser, request }) => {
  // Rows in every list (an Employee, a Payout and so an open Payrun, a Prepayment and its Invoice, a Registration,
  // a webhook; a live Employee waiting for verification): several seconds on a shared machine.
  test.setTimeout(90_000);
  const ids = await seedDashboardObjects(request);
  const seeded = await seedPeople(browser, request, ids);
  pages = dashboardPages(ids, seeded.people).filter(inDashboard);
  states = seeded.states;
});

interface Misfit {
  what: string;
  left: number;
  right: number;
}

/** What a person could click in a table row but not see without scrolling sideways, and table cells that show a UUID. */
async function tableProblems(page: Page): Promise<{ rows: number; misfits: Misfit[]; uuids: string[]; pageWidth: number; window: number }> {
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
    return { rows: rows.length, misfits, uuids, pageWidth: document.documentElement.scrollWidth, window: window.innerWidth };
  });
}

for (const language of ["en", "sv"] as const) {
  for (const [size, viewport] of SIZES) {
    test(`every row's buttons and links are on screen on a ${size} in ${language}, and lists show names, not ids`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      let rowsSeen = 0;
      for (const role of ["client", "operator"] as const) {
        const context = await browser.newContext({ viewport, storageState: JSON.parse(states[role]) });
        await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: baseURL ?? "" }]);
        const page = await context.newPage();
        // A page reached by clicking an English link (`open`) is a detail page; in Swedish its list is checked instead.
        for (const target of pages.filter((p) => p.as === role && (language === "en" || !p.open))) {
          await page.goto(target.path);
          await target.open?.(page);
          await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          await expect(page.getByText(LOADING[language])).toHaveCount(0);
          const found = await tableProblems(page);
          rowsSeen += found.rows;
          expect.soft(found.misfits, `${target.name}: out of the ${found.window}px window`).toEqual([]);
          expect.soft(found.pageWidth, `${target.name} scrolls sideways`).toBeLessThanOrEqual(found.window);
          expect.soft(found.uuids, `${target.name}: ids in list cells`).toEqual([]);
          // On a laptop no table scrolls sideways, inside its card either; on a phone the lists are cards.
          expect.soft(await tablesScrollingSideways(page, { lists: size === "phone" }), `${target.name}: tables scrolling sideways`).toEqual([]);
        }
        await context.close();
      }
      // The seeded objects fill the lists: a check over empty tables would pass without checking anything.
      expect(rowsSeen).toBeGreaterThan(20);
    });
  }
}
