/**
 * The browser specs' --disable-features replaces Playwright's own (Chromium keeps the last one), so it must repeat
 * Playwright's list: read here from the installed playwright-core, so that an upgrade that changes it fails this test.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHROMIUM_SWITCHES, PLAYWRIGHT_DISABLED_FEATURES } from "../../e2e/chromium-switches.mjs";

function playwrightDisabledFeatures(): string[] {
  const root = path.dirname(createRequire(import.meta.url).resolve("playwright-core/package.json"));
  const bundle = readFileSync(path.join(root, "lib", "coreBundle.js"), "utf8");
  const list = /disabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  if (list === undefined) throw new Error("playwright-core's disabledFeatures list was not found: see e2e/chromium-switches.mjs");
  return [...list.replace(/\/\/.*$/gm, "").matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? "");
}

describe("the browser specs' Chromium switches", () => {
  it("keep every feature Playwright turns off", () => {
    expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(playwrightDisabledFeatures());
  });

  it("pass one --disable-features, with Playwright's list and the omnibox WebUI", () => {
    const lists = CHROMIUM_SWITCHES.filter((s) => s.startsWith("--disable-features="));
    expect(lists).toHaveLength(1);
    const features = (lists[0] ?? "").slice("--disable-features=".length).split(",");
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, "WebUIOmniboxPopup"]));
  });
});
