// The switches the browser specs start Debian's Chromium with (playwright.config.ts).
//
// Debian's Chromium is the whole browser, so in headless mode each window also gets the browser's own WebUI: the
// address bar's suggestion popup (chrome://omnibox-popup.top-chrome/) loads in a renderer of its own for every
// browser context, that is for every test. Playwright's bundled headless shell has no such UI. Turning the popup's
// features off took the five slowest spec files from 339 to 273 CPU-seconds (README.md, Tests).
//
// Chromium keeps one --disable-features, the last, so ours repeats the list Playwright passes itself
// (playwright-core's chromiumSwitches); tests/unit/chromium-switches.test.ts fails when Playwright's list changes.

/** Playwright's own --disable-features list (playwright-core 1.65). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/** The address bar's WebUI popup, which nothing in a headless test opens. */
export const OMNIBOX_WEBUI_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"];

export const CHROMIUM_SWITCHES = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI_FEATURES].join(",")}`,
];
