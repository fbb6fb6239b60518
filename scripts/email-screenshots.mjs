// `node scripts/email-screenshots.mjs`: PNGs of every email's HTML, as Chromium shows it at 390 px (phone) and
// 1280 px (desktop) wide, in English and Swedish, into docs/screenshots/emails/. It shows the HTML the snapshot
// tests pin (tests/unit/__email_snapshots__/*.html, rendered from tests/support/email-fixtures.ts by
// `npx vitest run --project unit tests/unit/emails.test.ts`), so run that first after changing a template.
// The fixtures' logo URL is answered with a stand-in image; nothing else is fetched. Debian's Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium), never a downloaded browser.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_SWITCHES } from "../e2e/chromium-switches.mjs";

const SNAPSHOTS = "tests/unit/__email_snapshots__";
const OUT = process.env.SCREENSHOT_DIR ?? "docs/screenshots/emails";
const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } };
// Only the emails a reader gets (the hostile-input fixture is for the escaping test).
const SKIP = new Set(["invitationHostile"]);
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" rx="6" fill="#e4572e"/><text x="60" y="26" font-family="Arial" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">BYGG &amp; M</text></svg>`;

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_SWITCHES });
try {
  for (const file of readdirSync(SNAPSHOTS).filter((f) => f.endsWith(".html"))) {
    const [name, locale] = file.split(".");
    if (SKIP.has(name)) continue;
    const html = readFileSync(path.join(SNAPSHOTS, file), "utf8");
    for (const [size, viewport] of Object.entries(SIZES)) {
      const page = await browser.newPage({ viewport });
      await page.route("**/*", (route) =>
        route.request().url().includes("/media/") ? route.fulfill({ contentType: "image/svg+xml", body: LOGO }) : route.abort(),
      );
      await page.setContent(html, { waitUntil: "load" });
      // Runs in the page, where `document` and `window` are the browser's.
      const overflow = await page.evaluate(() => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth);
      if (overflow > 0) console.warn(`${file} at ${viewport.width} px is ${overflow} px wider than the screen`);
      await page.screenshot({ path: path.join(OUT, `${name}-${locale}-${size}.png`), fullPage: true });
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`screenshots in ${OUT}/`);
