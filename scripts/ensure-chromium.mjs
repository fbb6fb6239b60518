// Playwright runs Debian's Chromium (no browser download), and the invoice tests read PDFs back with
// `pdftotext` (Debian's poppler-utils): `npm test` makes sure both are there first. When one is missing and
// this is root on a machine with apt-get, it installs the Debian package; otherwise it stops at once with one
// line naming the command to run.
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

/** Returns null when `command` is on the PATH (installing Debian's `pkg` when allowed), else the one line to print. */
export function ensureDebianTool(command, pkg) {
  const present = () => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
  if (present()) return null;
  const install = `apt-get update && apt-get install -y ${pkg}`;
  const root = process.getuid?.() === 0;
  const apt = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!root || !apt) return `npm test: ${command} is missing; ${apt ? "run as root" : "install Debian's package"}: ${install}`;
  console.log(`\n=== ${command} missing: ${install} ===`);
  const r = spawnSync("sh", ["-c", install], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0) return `npm test: installing ${pkg} failed (exit ${r.status}); run: ${install}`;
  return present() ? null : `npm test: the ${pkg} package installed no ${command}`;
}
