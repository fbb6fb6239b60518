/** `npm test` on a machine without the browser: one line naming the fix, before any build starts. */
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

describe("npm test without Chromium", () => {
  it("a CHROMIUM_PATH that names nothing stops at once with one line naming what to do", () => {
    const started = Date.now();
    const r = spawnSync(process.execPath, ["scripts/test-all.mjs"], { env: { ...process.env, CHROMIUM_PATH: "/nonexistent/chromium" }, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toEqual([
      "npm test: no Chromium at CHROMIUM_PATH=/nonexistent/chromium; set it to a Chromium binary, or unset it and run as root: apt-get update && apt-get install -y chromium",
    ]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
