import { expect, test, type Page, type Response } from "@playwright/test";
import { createIntegration, signInToIntegrations, unique } from "./support";

/**
 * Every page carries the security headers, and the browser enforces the Content-Security-Policy without
 * blocking anything the page needs: the dashboard (Next.js, nonce-based), a /v2/ HTML view and /docs.
 */

/** Records CSP violations (the DOM event and the console's report) from the first script of every document. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) consoleReports.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  return async () => [...consoleReports, ...(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp))];
}

function expectHeaders(response: Response | null, kind: "dashboard" | "api" | "docs"): void {
  expect(response).not.toBeNull();
  const h = response!.headers();
  expect(h["x-frame-options"]).toBe("DENY");
  expect(h["x-content-type-options"]).toBe("nosniff");
  expect(h["referrer-policy"]).toBeTruthy();
  const csp = h["content-security-policy"];
  expect(csp).toContain("frame-ancestors 'none'");
  if (kind === "dashboard") expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  if (kind === "api") expect(csp).toMatch(/^default-src 'none'/);
  if (kind === "docs") expect(csp).toContain("script-src 'self'");
}

test("the dashboard works under its nonce-based CSP, with no violation", async ({ page }) => {
  const violations = await watchCsp(page);
  const login = await page.goto("/login");
  expectHeaders(login, "dashboard");
  // A fresh nonce per request, and it is on Next's scripts.
  const again = await page.request.get("/login");
  expect(again.headers()["content-security-policy"]).not.toBe(login!.headers()["content-security-policy"]);
  const nonce = /'nonce-([^']+)'/.exec(login!.headers()["content-security-policy"])![1];
  expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => [...document.scripts].every((s) => s.nonce !== ""))).toBe(true);
  expect(nonce.length).toBeGreaterThan(10);

  await signInToIntegrations(page);
  await createIntegration(page, { name: unique("CSP Co") });
  await page.getByRole("link", { name: "Payouts" }).first().click();
  await expect(page.getByRole("heading", { name: "Payouts" })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("a /v2/ HTML view is styled and raises no violation", async ({ page }) => {
  const violations = await watchCsp(page);
  await signInToIntegrations(page);
  const response = await page.goto("/v2/integrations/");
  expectHeaders(response, "api");
  await expect(page.getByRole("link", { name: "Payroute API" })).toBeVisible();
  // The inline stylesheet applied (its hash is in the policy): the header bar is dark blue.
  expect(await page.locator("header").evaluate((e) => getComputedStyle(e).backgroundColor)).toBe("rgb(20, 33, 61)");
  expect(await violations()).toEqual([]);
});

test("the watch sees a violation (an injected inline script is blocked)", async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto("/healthz");
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "document.title = 'ran'";
    document.head.append(s);
  });
  await expect.poll(violations).not.toEqual([]);
  expect(await page.title()).not.toBe("ran");
});

test("/docs renders the API reference with no violation", async ({ page }) => {
  const violations = await watchCsp(page);
  const response = await page.goto("/docs");
  expectHeaders(response, "docs");
  // Swagger UI fetches and renders the whole document in the browser: a bound for a busy machine, not a speed check.
  await expect(page.locator(".swagger-ui .info .title")).toContainText("Payroute", { timeout: 30_000 });
  await expect(page.locator(".opblock").first()).toBeVisible();
  // Expanding an operation (React, inline styles) still works.
  await page.locator(".opblock-summary").first().click();
  await expect(page.locator(".opblock-body").first()).toBeVisible();
  expect(await violations()).toEqual([]);
});

test("the magic-link page sends no referrer", async ({ page }) => {
  const response = await page.goto("/e/claim#token=abc");
  expectHeaders(response, "dashboard");
  expect(response!.headers()["referrer-policy"]).toBe("no-referrer");
});
