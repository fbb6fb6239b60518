/**
 * The warning before a session ends, on a server of its own whose sessions are short (SESSION_LIFETIME_SECONDS=40,
 * SESSION_WARNING_SECONDS=30: the warning 10 s after a sign-in or refresh), so that nothing waits minutes. The other
 * specs' server keeps the production default.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { peopleOf } from "./people.mjs";
import { readIn, screenshot } from "./support";

const PORT = Number(process.env.E2E_PORT ?? 3101) + 1000;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? "data/e2e"}-short-sessions`;
const people = peopleOf(0);

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  // A fresh database, people and the built app, as Playwright's own web server is made (scripts/e2e-server.mjs).
  test.setTimeout(300_000);
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
    env: { ...process.env, E2E_PORT: String(PORT), E2E_DATA_DIR: DATA_DIR, E2E_WORKERS: "1", SESSION_LIFETIME_SECONDS: "40", SESSION_WARNING_SECONDS: "30" },
    stdio: "inherit",
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE_URL}/healthz`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 280_000, intervals: [1_000] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

const TEXTS = {
  en: {
    region: "Session ending",
    text: /^Your session ends at .+, in less than a minute\. Stay signed in to go on without signing in again\.$/,
    stay: "Stay signed in",
  },
  sv: {
    region: "Sessionen tar slut",
    text: /^Din session avslutas .+, om mindre än en minut\. Förbli inloggad för att fortsätta utan att logga in igen\.$/,
    stay: "Förbli inloggad",
  },
} as const;

/** When the server ends this session, read without refreshing it (a look must not extend it). */
async function sessionEnd(page: Page): Promise<number> {
  const body = (await (await page.request.get("/api/auth/get-session?disableRefresh=true")).json()) as { session: { expiresAt: string } } | null;
  expect(body).not.toBeNull();
  return Date.parse(body?.session.expiresAt ?? "");
}

async function screenshotBoth(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function signInHere(page: Page): Promise<void> {
  await page.goto("/login");
  await page.getByLabel(/^(Email|E-post)$/).fill(people.client.email);
  await page.getByLabel(/^(Password|Lösenord)$/).fill(people.client.password);
  await page.getByRole("button", { name: /^(Sign in|Logga in)$/ }).click();
  await expect(page.getByTestId("signed-in-person")).toHaveText(people.client.name);
}

test("a notice shortly before the session ends, in English and Swedish; Stay signed in extends it on the server", async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInHere(page);
  await page.goto("/employees");
  const warning = page.getByRole("region", { name: TEXTS.en.region });
  await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
  await expect(warning).toHaveCount(0);

  // About 10 s after the sign-in: said politely, with the time, and without taking the focus from the page.
  const search = page.getByRole("searchbox").first();
  await search.focus();
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expect(warning.getByRole("status")).toHaveText(TEXTS.en.text);
  await expect(search).toBeFocused();
  await screenshotBoth(page, "session-warning-en");

  const before = await sessionEnd(page);
  await warning.getByRole("button", { name: TEXTS.en.stay }).click();
  await expect(warning).toHaveCount(0);
  // A real refresh: the server ends the session later than before (40 s from now).
  await expect.poll(() => sessionEnd(page)).toBeGreaterThan(before + 5_000);
  // The focus went back to where it was before the button took it.
  await expect(search).toBeFocused();

  // In Swedish (a page load refreshes nothing the warning depends on: it comes again 10 s after the last refresh).
  await readIn(page, "sv");
  await page.reload();
  const varning = page.getByRole("region", { name: TEXTS.sv.region });
  await expect(varning).toBeVisible({ timeout: 25_000 });
  await expect(varning.getByRole("status")).toHaveText(TEXTS.sv.text);
  await screenshotBoth(page, "session-warning-sv");
  const earlier = await sessionEnd(page);
  await varning.getByRole("button", { name: TEXTS.sv.stay }).click();
  await expect(varning).toHaveCount(0);
  await expect.poll(() => sessionEnd(page)).toBeGreaterThan(earlier + 5_000);
  await context.close();
});

test("the notice inside an open dialog; ignored, the session ends and sign-in keeps what was typed", async ({ browser }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInHere(page);
  await readIn(page, "en");
  await page.goto("/employees");
  await page.waitForLoadState("networkidle");
  await page.getByRole("button", { name: "New Employee" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Typed Before The End");

  // A modal dialog hides the page from assistive technology: the notice is in the dialog, reachable there.
  const warning = dialog.getByRole("region", { name: TEXTS.en.region });
  await expect(warning).toBeVisible({ timeout: 25_000 });
  await expect(warning.getByRole("status")).toHaveText(TEXTS.en.text);
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await screenshotBoth(page, "session-warning-dialog-en");

  // Nobody stays: at the end, sign-in, saying that the input is kept, and it comes back.
  await expect(page).toHaveURL(/\/login\?next=%2Femployees&reason=sessionEndedKept$/, { timeout: 45_000 });
  await expect(page.getByRole("status")).toHaveText("Your session ended. Sign in again; what you typed is kept.");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Email").fill(people.client.email);
  await page.getByLabel("Password").fill(people.client.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/employees$/);
  await expect(dialog.getByLabel("Name")).toHaveValue("Typed Before The End");
  await context.close();
});
