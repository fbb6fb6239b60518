// `npm run screenshots` (after `npm run build`): the built app on a fresh embedded database with demo data,
// and PNGs of the main dashboard pages at 390×844 (phone) and 1280×800 (desktop) in docs/screenshots/.
// Reuses scripts/e2e-server.mjs (fresh database, the people of e2e/users.json, a demo API key); seeds through
// the public API; Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium), never a downloaded browser.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { CHROMIUM_SWITCHES } from "../e2e/chromium-switches.mjs";

const PORT = process.env.SCREENSHOT_PORT ?? "3190";
const DATA_DIR = process.env.SCREENSHOT_DATA_DIR ?? "data/screenshots";
const OUT = process.env.SCREENSHOT_DIR ?? "docs/screenshots";
const BASE = `http://127.0.0.1:${PORT}`;
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
// SCREENSHOT_PAGES=employees,payouts retakes only those; SCREENSHOT_LANGUAGES=en takes English ones only (default
// en,sv: Swedish ones are `…-sv.png`).
const ONLY = process.env.SCREENSHOT_PAGES?.split(",").filter(Boolean);
const LANGUAGES = (process.env.SCREENSHOT_LANGUAGES ?? "en,sv").split(",").filter(Boolean);
/** The cookie the dashboard's language switch sets (src/i18n/catalogue/locales.ts). */
const LOCALE_COOKIE = "payroute_locale";
/** A reader of each language has a browser in it (date fields, file pickers). */
const BROWSER_LOCALE = { en: "en-GB", sv: "sv-SE" };
const LOADING = { en: "Loading…", sv: "Laddar…" };
const users = JSON.parse(readFileSync(new URL("../e2e/users.json", import.meta.url), "utf8"));

const server = spawn(process.execPath, ["scripts/e2e-server.mjs"], {
  env: { ...process.env, E2E_PORT: PORT, E2E_DATA_DIR: DATA_DIR, E2E_WORKERS: "1" },
  stdio: "inherit",
});
const stopped = new Promise((resolve) => server.on("exit", resolve));

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error("the server stopped before it answered");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not answer /healthz within 2 minutes");
}

/**
 * Demo data through /v2/, so every page has something real to show: Employees at each step (invited, claimed,
 * verified), a closed Payrun with its Invoice (due) and an open one, a Prepayment, a Message, a Registration and
 * a Webhook whose deliveries fail. The demo-only test helpers stand in for the Employees and the review team.
 */
async function seed() {
  const key = readFileSync(`${DATA_DIR}/api-key`, "utf8").trim();
  const auth = { Authorization: `Token ${key}`, "Content-Type": "application/json" };
  const integrations = await (await fetch(`${BASE}/v2/integrations/?type=1`, { headers: auth })).json();
  const headers = { ...auth, "Integration-ID": integrations.results[0].id };
  const call = async (path, body, expected = 201) => {
    for (;;) {
      const res = await fetch(`${BASE}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (res.status === 429) {
        await new Promise((r) => setTimeout(r, Number(res.headers.get("retry-after") ?? "1") * 1000));
        continue;
      }
      if (res.status !== expected) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return expected === 204 ? null : res.json();
    }
  };
  const post = (path, body) => call(path, body, 201);
  const act = (path) => call(path, {}, 200);
  // First, so every event below is delivered to it: a private target (e2e-server.mjs allows those in demo) where
  // nobody listens, so its deliveries fail as a broken receiver's do.
  const webhook = await post("/v2/webhooks/", { url: "http://127.0.0.1:9/payroute-hook", events: ["Payout.created", "Employee.created"] });
  const people = ["Maja Lindqvist", "Erik Johansson", "Sara Nilsson", "Ahmed Hassan", "Linnea Berg", "Oskar Holm", "Elin Åkesson", "Johan Sjöberg"];
  const employees = [];
  for (const [i, name] of people.entries()) {
    const ascii = name.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
    const email = `${ascii.toLowerCase().replace(/[^a-z]+/g, ".")}@example.se`;
    employees.push(await post("/v2/employees/", { name, email, country: "SWE", cellphone_number: `+4670123450${i}` }));
  }
  // Six have claimed their invitation and four of those are verified; two are still invited.
  for (const [i, e] of employees.slice(0, 6).entries()) {
    await act(`/v2/test_helpers/employees/${e.id}/claim/`);
    if (i < 4) await act(`/v2/test_helpers/employees/${e.id}/verify/`);
  }
  const work = ["Catering, 12 June", "Warehouse shift", "Inventory count", "Evening cleaning", "Event staff", "Delivery route"];
  const payouts = await post(
    "/v2/payouts/",
    employees.map((e, i) => ({ employee: e.id, amount: `${1200 + i * 350}.50`, currency: "SEK", description: work[i % work.length] })),
  );
  // The first Payrun closes (its Invoice is issued and due); the next Payouts open another.
  await call(`/v2/payruns/${payouts[0].payrun}/close/`, {}, 204);
  await post(
    "/v2/payouts/",
    employees.slice(0, 5).map((e, i) => ({ employee: e.id, amount: `${950 + i * 420}.00`, currency: "SEK", description: work[(i + 2) % work.length] })),
  );
  await post("/v2/prepayments/", { description: "Prepayment for December", net_amount: "25000.00", currency: "SEK", invoice_marking: "PO-2026-118" }).catch(
    (e) => console.warn(`screenshots: no Prepayment (${e.message})`),
  );
  await post("/v2/messages/", {
    employees: employees.slice(0, 4).map((e) => e.id),
    content: "The Christmas party shifts are open: sign up by 10 December.",
  });
  await post("/v2/registrations/", {
    friendly_name: "Nordic Events",
    registered_name: "Nordic Events ApS",
    email: "finance@nordic-events.example",
    phone_number: "+4532123456",
    country: "DNK",
    tin_number: "DK13585628",
    vat_number: "DK13585628",
    address_line_1: "Vesterbrogade 1",
    zip_code: "1620",
    city: "København",
  }).catch((e) => console.warn(`screenshots: no Registration (${e.message})`));
  return { integration: integrations.results[0].id, employee: employees[0].id, payout: payouts[0].id, payrun: payouts[0].payrun, webhook: webhook.id };
}

function pages(ids) {
  return [
    { name: "home", path: "/", as: "client" },
    { name: "integrations", path: "/integrations", as: "client" },
    { name: "integration", path: `/integrations/${encodeURIComponent(ids.integration)}`, as: "client" },
    { name: "employees", path: "/employees", as: "client" },
    { name: "employee", path: `/employees/${encodeURIComponent(ids.employee)}`, as: "client" },
    { name: "payouts", path: "/payouts", as: "client" },
    { name: "payout", path: `/payouts/${encodeURIComponent(ids.payout)}`, as: "client" },
    { name: "payout-import", path: "/payouts/import", as: "client" },
    { name: "payruns", path: "/payruns", as: "client" },
    { name: "payrun", path: `/payruns/${encodeURIComponent(ids.payrun)}`, as: "client" },
    { name: "invoices", path: "/invoices", as: "client" },
    { name: "prepayments", path: "/prepayments", as: "client" },
    { name: "messages", path: "/messages", as: "client" },
    { name: "registrations", path: "/registrations", as: "client" },
    { name: "webhooks", path: "/webhooks", as: "client" },
    { name: "webhook", path: `/webhooks/${encodeURIComponent(ids.webhook)}`, as: "client" },
    { name: "events", path: "/developers/events", as: "client" },
    { name: "request-logs", path: "/developers/logs", as: "client" },
    { name: "api-keys", path: "/settings/api-keys", as: "client" },
    { name: "team", path: "/settings/team", as: "client" },
    { name: "account", path: "/settings/account", as: "client" },
    { name: "security", path: "/settings/security", as: "client" },
    { name: "audit-log", path: "/settings/audit-log", as: "client" },
    { name: "home-operator", path: "/", as: "operator" },
    { name: "review-employees", path: "/review/employees", as: "operator" },
    { name: "review-registrations", path: "/review/registrations", as: "operator" },
    { name: "review-payruns", path: "/review/payruns", as: "operator" },
    { name: "review-prepayments", path: "/review/prepayments", as: "operator" },
    { name: "review-audit-log", path: "/review/audit-log", as: "operator" },
    { name: "login", path: "/login", as: null },
  ];
}

async function signedIn(browser, user) {
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByTestId("signed-in-person").waitFor();
  const state = await context.storageState();
  await context.close();
  return state;
}

let failed = false;
try {
  await waitForServer();
  const ids = await seed();
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_SWITCHES });
  const states = { client: await signedIn(browser, users.client), operator: await signedIn(browser, users.operator) };
  for (const [size, viewport] of Object.entries(SIZES)) {
    for (const [target, language] of pages(ids)
      .filter((p) => !ONLY || ONLY.includes(p.name))
      .flatMap((p) => LANGUAGES.map((l) => [p, l]))) {
      const context = await browser.newContext({
        baseURL: BASE,
        viewport,
        locale: BROWSER_LOCALE[language],
        storageState: target.as ? states[target.as] : undefined,
      });
      await context.addCookies([{ name: LOCALE_COOKIE, value: language, url: BASE }]);
      const page = await context.newPage();
      await page.goto(target.path);
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      // Wait for every list to load and the fonts to settle.
      await page
        .getByText(LOADING[language])
        .first()
        .waitFor({ state: "detached", timeout: 15_000 })
        .catch(() => {});
      await page.waitForLoadState("networkidle").catch(() => {});
      const file = `${OUT}/${target.name}-${size}${language === "en" ? "" : `-${language}`}.png`;
      await page.screenshot({ path: file, fullPage: size === "desktop" });
      console.log(`screenshots: ${file}`);
      await context.close();
    }
  }
  await browser.close();
} catch (e) {
  failed = true;
  console.error(`screenshots: ${e instanceof Error ? e.stack : e}`);
} finally {
  server.kill("SIGTERM");
  await stopped;
}
process.exit(failed ? 1 : 0);
