/**
 * The http project's global setup on the embedded database: one migrated database archived to a file
 * (PGLITE_TEMPLATE), which every test app in memory opens a copy of (test-app.ts) instead of creating a cluster
 * and migrating it, about 3 s saved per app.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migratedTemplate } from "@/db/database";

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.TEST_DB === "pg" || process.env.TEST_DB === "pgbouncer") return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-template-"));
  const file = path.join(dir, "migrated.tar");
  fs.writeFileSync(file, Buffer.from(await (await migratedTemplate()).arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
