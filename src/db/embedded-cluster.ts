/**
 * A new embedded database folder is created by PGlite's initdb in a child process that exits, and only then
 * opened by this one. In process, initdb copies the database's heap and runs a second module beside it: a
 * first start peaked at 787 MiB and kept about 390 MiB resident until the next restart, where opening an
 * existing folder takes about 200 MiB (docs/performance.md, issue 29's third step).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** Whether `dbDir` already holds a database cluster. */
export function hasCluster(dbDir: string): boolean {
  return fs.existsSync(path.join(dbDir, "PG_VERSION"));
}

/** Creates the cluster of `dbDir` (an existing, empty folder) unless it has one. */
export async function ensureCluster(dbDir: string): Promise<void> {
  if (hasCluster(dbDir)) return;
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = `require(${JSON.stringify(entry)}).PGlite.create(${JSON.stringify(dbDir)}).then((db) => db.close())`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ["-e", script], { timeout: 300_000 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`creating the embedded database in ${dbDir} failed: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}
