import { defineConfig } from "@playwright/test";
import { CHROMIUM_SWITCHES } from "./e2e/chromium-switches.mjs";
import { E2E_WORKERS } from "./e2e/people.mjs";

/** E2E_PORT and E2E_DATA_DIR let two runs share a machine (defaults: 3101, data/e2e). */
const PORT = Number(process.env.E2E_PORT ?? 3101);
const baseURL = `http://127.0.0.1:${PORT}`;

/** Runs against the built app (`npm run build` first) in Debian's Chromium; never downloads a browser. */
export default defineConfig({
  testDir: "e2e",
  // Each worker has its own client account and operator (e2e/people.mjs); the specs of a file run in order.
  workers: E2E_WORKERS,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // A bound on a hung spec, not a speed check: the longest flows take 15–20 s, and twice that on a busy machine.
  timeout: 60_000,
  // Also a bound, not a speed check: the e2e server runs on the embedded database, one connection for the three
  // workers' transactions, so on a busy CI machine a save waits behind another worker's long one (a CSV import,
  // every-page's loads). Two CI runs failed a 10 s wait on a dialog closing after its save; alone it takes 1–2 s.
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    browserName: "chromium",
    // Recording a trace on every test took a fifth of the five slowest spec files' CPU (README.md, Tests): only a failed test's retry
    // (CI retries once, TEST_RETRIES) records one, which is kept when the retry fails too.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_SWITCHES,
    },
  },
  webServer: {
    command: "node scripts/e2e-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // It creates each worker's people with the CLI first (one batch on the embedded database): slow on a busy machine.
    timeout: 300_000,
    stdout: "pipe",
    stderr: "pipe",
    // SIGTERM lets the server close the embedded database cleanly before the next run deletes it.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
