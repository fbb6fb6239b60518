/** One process at a time on an embedded data folder; the second gets a clear error naming the holder. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/database";
import { lockDataDir } from "@/db/data-dir-lock";

const run = promisify(execFile);
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-lock-"));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

async function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe("embedded data folder lock", () => {
  it("a second process gets a clear error naming the holder, and works once the holder is gone", async () => {
    const dir = tmp();
    const db = await openDatabase({ driver: "pglite", dataDir: dir, command: "npm start" });
    const blocked = await cli(dir, "keys", "list");
    expect(blocked.code).toBe(2);
    expect(blocked.stderr).toContain(`is in use by process ${process.pid} (npm start)`);
    await db.close();
    const created = await cli(dir, "keys", "create", "--env", "demo", "--account", "Acme");
    expect(created.code).toBe(0);
    expect(created.stdout.trim().split("\n").at(-1)).toMatch(/^pr_demo_[0-9A-Za-z]{32}$/);
    const listed = await cli(dir, "keys", "list");
    expect(listed.stdout).toContain("Acme");
  }, 60_000);

  it("a lock left by a process that died is taken over", async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "payroute.lock"), JSON.stringify({ pid: 2 ** 22 + 12345, host: os.hostname(), command: "x", since: "" }));
    const db = await openDatabase({ driver: "pglite", dataDir: dir, command: "test" });
    await db.close();
    expect(fs.existsSync(path.join(dir, "payroute.lock"))).toBe(false);
  }, 60_000);
});

describe("CLI", () => {
  it("keys create prints the key alone on the last line; usage errors exit 2", async () => {
    const dir = tmp();
    const res = await cli(dir, "keys", "create", "--env", "live", "--account", "Beta", "--allow-ip", "10.0.0.0/8", "--allow-ip", "2001:db8::/32");
    expect(res.code).toBe(0);
    expect(res.stdout.trim().split("\n").at(-1)).toMatch(/^pr_live_[0-9A-Za-z]{32}$/);
    expect((await cli(dir, "keys", "create", "--env", "prod", "--account", "Beta")).code).toBe(2);
    expect((await cli(dir, "keys", "create", "--env", "demo", "--account", "Beta", "--allow-ip", "300.1.1.1")).code).toBe(2);
    const list = await cli(dir, "keys", "list", "--account", "Beta");
    const id = list.stdout.split("\n")[1].split(/\s+/)[0];
    expect((await cli(dir, "keys", "revoke", id)).stdout).toContain("Revoked.");
    expect((await cli(dir, "keys", "revoke", id)).code).toBe(2);
  }, 90_000);

  it("a released lock leaves no exit listener behind (a process may open the folder many times)", () => {
    const dir = tmp();
    const before = process.listenerCount("exit");
    for (let i = 0; i < 20; i++) lockDataDir(dir, "npm run bench")();
    expect(process.listenerCount("exit")).toBe(before);
    expect(fs.existsSync(path.join(dir, "payroute.lock"))).toBe(false);
  });
});
