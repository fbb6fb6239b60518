// Playwright runs Debian's Chromium (no browser download): `npm test` makes sure it is there first. When it
// is missing and this is root on a machine with apt-get, it installs Debian's `chromium` package; otherwise
// it stops at once with one line naming the command to run.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const DEFAULT_CHROMIUM = "/usr/bin/chromium";
const INSTALL = "apt-get update && apt-get install -y chromium";

/** Returns null when Chromium is at `path` (installing it when allowed), else the one line to print. */
export function ensureChromium(path = process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM) {
  if (fs.existsSync(path)) return null;
  // A CHROMIUM_PATH that names nothing is the caller's mistake: installing a package would not fix it.
  if (path !== DEFAULT_CHROMIUM) return `npm test: no Chromium at CHROMIUM_PATH=${path}; set it to a Chromium binary, or unset it and run as root: ${INSTALL}`;
  const root = process.getuid?.() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!root || !apt) {
    return apt
      ? `npm test: Chromium is missing (${path}); run as root: ${INSTALL}`
      : `npm test: Chromium is missing (${path}); install Debian's chromium package (${INSTALL}) or set CHROMIUM_PATH`;
  }
  console.log(`\n=== chromium missing: ${INSTALL} ===`);
  const r = spawnSync("sh", ["-c", INSTALL], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0) return `npm test: installing Chromium failed (exit ${r.status}); run: ${INSTALL}`;
  return fs.existsSync(path) ? null : `npm test: the chromium package installed no ${path}; set CHROMIUM_PATH to its binary`;
}
