/**
 * The CLI's changes in the audit log, through the built CLI (`dist/cli.js`, as `npm run cli` runs it; build first):
 * each record names the CLI, with the operating-system user who ran it, as actor.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/database";

const run = promisify(execFile);
const CLI = path.resolve("dist/cli.js");
const EMAIL = "pat@cli-audit.example";
let dir: string;

beforeAll(() => {
  if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: build first (npm run build)`);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-cli-audit-"));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, DATA_DIR: dir, DATABASE_URL: "" } });
  return stdout;
}

/** Runs `change` on the data folder while no CLI holds it (one process at a time on the embedded database). */
async function withDb<T>(change: (db: Awaited<ReturnType<typeof openDatabase>>["prisma"]) => Promise<T>): Promise<T> {
  const db = await openDatabase({ driver: "pglite", dataDir: dir, command: "cli-audit test" });
  try {
    return await change(db.prisma);
  } finally {
    await db.close();
  }
}

describe("the built CLI's audit records", () => {
  it("users create, keys create and revoke, and users reset-2fa are each recorded once with the CLI as actor", async () => {
    await cli("users", "create", "--email", EMAIL, "--password", "a-long-password", "--name", "Pat", "--account", "Acme");
    const key = (await cli("keys", "create", "--env", "demo", "--account", "Acme")).trim().split("\n").at(-1) ?? "";
    await cli("keys", "revoke", key);
    // Pat turned on two-factor sign-in and lost the phone: as the plugin records it, the switch on the user.
    await withDb((db) => db.user.update({ where: { email: EMAIL }, data: { twoFactorEnabled: true } }));
    expect(await cli("users", "reset-2fa", "--email", EMAIL)).toContain(`Two-factor sign-in of ${EMAIL} is off`);

    const { records, user } = await withDb(async (db) => ({
      records: await db.auditRecord.findMany({ orderBy: { at: "asc" } }),
      user: await db.user.findUniqueOrThrow({ where: { email: EMAIL }, select: { twoFactorEnabled: true } }),
    }));
    expect(user.twoFactorEnabled).toBe(false);
    expect(records.map((r) => r.action)).toEqual(["user.created", "api_key.created", "api_key.revoked", "user.two_factor_reset"]);
    const actor = { actorKind: "cli", actorId: null, actorLabel: `cli (${os.userInfo().username})` };
    for (const r of records) expect(r).toMatchObject(actor);
    expect(records[3]).toMatchObject({ targetType: "user", targetLabel: EMAIL, before: { two_factor: true }, after: { two_factor: false } });
    expect(records[1].targetLabel).toBe(records[2].targetLabel);
    expect(key.startsWith(records[1].targetLabel ?? "-")).toBe(true);
  }, 120_000);
});
