import { expect, test } from "@playwright/test";
import {
  createEmployee,
  createPayout,
  goToEmployees,
  goToSection,
  readIn,
  screenshot,
  signIn,
  signInOnce,
  signInToIntegrations,
  unique,
  uniqueEmail,
} from "./support";

test("the palette finds an Employee by part of a name and a Payout by its description, and opens each", async ({ page }) => {
  await signInToIntegrations(page);
  await goToEmployees(page);
  const tag = unique("x").split(" ")[1];
  const name = `Paula Palett ${tag}`;
  await createEmployee(page, { name, email: uniqueEmail("paula"), country: "SWE" });
  await goToSection(page, "Payouts");
  const description = `Palette shift ${tag}`;
  await createPayout(page, { employee: name, description, figure: "120.50" });

  // "/" outside a field opens it; part of the name is enough.
  await page.locator("body").press("/");
  const palette = page.getByRole("dialog");
  const input = palette.getByRole("combobox", { name: /^Search Employees/ });
  await expect(input).toBeFocused();
  await input.fill(`palett ${tag}`.toUpperCase());
  const employee = palette.getByRole("group", { name: "Employees" }).getByRole("option", { name: new RegExp(name) });
  await expect(employee).toBeVisible();
  await screenshot(page, "palette");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/employees\/[^/?]+/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(palette).toHaveCount(0);

  // Ctrl+K from anywhere, a Payout by its description; the mouse opens it too.
  await page.keyboard.press("Control+k");
  await page.getByRole("dialog").getByRole("combobox").fill(description);
  const payout = page
    .getByRole("dialog")
    .getByRole("group", { name: "Payouts" })
    .getByRole("option", { name: new RegExp(description) });
  await expect(payout).toContainText("SEK 120.50");
  await payout.click();
  await expect(page).toHaveURL(/\/payouts\/[^/?]+/);

  // Nothing found says so; Escape closes.
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("dialog").getByRole("combobox").fill(`no such thing ${tag}`);
  await expect(page.getByRole("dialog")).toContainText(`Nothing matches “no such thing ${tag}”.`);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
});

// The palette open with results of several kinds, as a person sees it on a phone and a laptop, in English and Swedish.
test("the palette with results fits a phone and a laptop, in English and Swedish, with amounts in the reader's format", async ({ browser, page }) => {
  // Four browsers, each signing in: more than the default bound on a busy machine (a bound, not a speed check).
  test.setTimeout(150_000);
  await signInToIntegrations(page);
  await goToEmployees(page);
  const tag = unique("x").split(" ")[1];
  const name = `Petra Palettsson-Långnamn ${tag}`;
  await createEmployee(page, { name, email: uniqueEmail("petra"), country: "SWE" });
  await goToSection(page, "Payouts");
  await createPayout(page, { employee: name, description: `Palettsson extra shift at the harbour ${tag}`, figure: "1234.50" });
  const money = { en: "SEK 1,234.50", sv: "1 234,50 kr" } as const;
  for (const lang of ["en", "sv"] as const) {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const context = await browser.newContext({ viewport, locale: lang === "sv" ? "sv-SE" : "en-GB" });
      const p = await context.newPage();
      await signInOnce(p);
      await expect(p).toHaveURL(/\/$/);
      await readIn(p, lang);
      await p.goto("/payouts");
      await expect(p.getByRole("heading", { level: 1, name: lang === "sv" ? "Utbetalningar" : "Payouts" })).toBeVisible();
      await p.getByRole("button", { name: lang === "sv" ? "Sök" : "Search", exact: true }).click();
      await p.getByRole("dialog").getByRole("combobox").fill(tag);
      const dialog = p.getByRole("dialog");
      await expect(dialog.getByRole("group", { name: lang === "sv" ? "Anställda" : "Employees" }).getByRole("option")).toHaveCount(1);
      await expect(dialog.getByRole("group", { name: lang === "sv" ? "Utbetalningar" : "Payouts" }).getByRole("option")).toContainText(money[lang]);
      // The dialog and its hits are inside the window.
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width, `${lang} at ${viewport.width}px`).toBe(true);
      expect(await p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(p, `palette-${viewport.width}-${lang}`);
      // A phone has no Esc key: the palette's own Close button is there.
      if (viewport.width < 640) {
        await dialog.getByRole("button", { name: lang === "sv" ? "Stäng" : "Close" }).click();
        await expect(dialog).toHaveCount(0);
      } else await expect(dialog.getByRole("button", { name: lang === "sv" ? "Stäng" : "Close" })).toBeHidden();
      await context.close();
    }
  }
});

// The search field's focus ring, drawn whole: not cut by the palette's rounded box nor run into its Close button.
test("at 390 px the palette's focus ring is whole, clear of its Close button", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const input = dialog.getByRole("combobox");
  await expect(input).toBeFocused();
  const geometry = await page.evaluate(() => {
    const palette = document.querySelector<HTMLElement>(".palette");
    const field = palette?.querySelector<HTMLElement>(".palette-input");
    const close = palette?.querySelector<HTMLElement>(".palette-close");
    if (!palette || !field || !close) return null;
    const style = getComputedStyle(field);
    // The ring is drawn `outline-offset` outside the field's box, `outline-width` wide.
    const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
    const f = field.getBoundingClientRect();
    return {
      ringShown: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      ring: { left: f.left - grow, top: f.top - grow, right: f.right + grow, bottom: f.bottom + grow },
      box: palette.getBoundingClientRect().toJSON() as DOMRect,
      close: close.getBoundingClientRect().toJSON() as DOMRect,
    };
  });
  expect(geometry).not.toBeNull();
  const { ringShown, ring, box, close } = geometry!;
  expect(ringShown).toBe(true);
  // Inside the palette, whose overflow is hidden (its rounded corners)...
  expect(ring.left).toBeGreaterThanOrEqual(box.left);
  expect(ring.top).toBeGreaterThanOrEqual(box.top);
  // ...and ending before the Close button, with room to tell them apart.
  expect(close.left - ring.right).toBeGreaterThanOrEqual(4);
  await screenshot(page, "palette-focus-390");
  await context.close();
});
