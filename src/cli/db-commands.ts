/**
 * `db export|move|backup|restore`: the embedded database's way out (a SQL dump, a move to PostgreSQL)
 * and its backups. Each takes the data folder's lock, so the server must be stopped first.
 */
import fs from "node:fs";
import path from "node:path";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import { applyMigrations } from "@/db/migrate";
import { hasEmbeddedDatabase, openEmbeddedFolder, pgliteRunner } from "@/db/database";
import { moveToPostgres, publicTableCount, type TableCount } from "@/db/db-transfer";

export class DbUsageError extends Error {}

export interface DbCommandInput {
  command: string | undefined;
  positionals: string[];
  to: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Printed lines (stdout). */
  out: (line: string) => void;
}

export async function runDbCommand(input: DbCommandInput): Promise<void> {
  const { command, positionals, dataDir } = input;
  if (input.databaseUrl) {
    throw new DbUsageError("db commands work on the embedded database: unset DATABASE_URL (for PostgreSQL use its own pg_dump and backups)");
  }
  const label = `npm run cli -- db ${command ?? ""}`;
  const file = positionals[0];
  if (command === "export" || command === "backup") {
    if (!file) throw new DbUsageError(`db ${command} needs a FILE`);
    if (!hasEmbeddedDatabase(dataDir)) throw new DbUsageError(`no embedded database in ${path.resolve(dataDir)} (DATA_DIR)`);
    const db = await openEmbeddedFolder(dataDir, label);
    try {
      if (command === "export") {
        // pg_dump built to WebAssembly (shipped in the package), talking to this PGlite: a plain SQL script.
        const dump = await pgDump({ pg: db.pglite, args: ["--no-owner", "--no-privileges"] });
        fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
        input.out(`Wrote a SQL dump of ${db.dir} to ${file} (${fs.statSync(file).size} bytes).`);
      } else {
        const archive = await db.pglite.dumpDataDir("gzip");
        fs.writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
        input.out(`Wrote a backup of ${db.dir} to ${file} (${fs.statSync(file).size} bytes); restore it with: db restore ${file}`);
      }
    } finally {
      await db.close();
    }
    return;
  }
  if (command === "restore") {
    if (!file) throw new DbUsageError("db restore needs a FILE (made by db backup)");
    if (!fs.existsSync(file)) throw new DbUsageError(`no such file: ${file}`);
    if (hasEmbeddedDatabase(dataDir)) {
      throw new DbUsageError(`${path.join(path.resolve(dataDir), "pglite")} already holds a database: move it away first (restore never overwrites)`);
    }
    const db = await openEmbeddedFolder(dataDir, label, new Blob([fs.readFileSync(file)]));
    try {
      input.out(`Restored ${file} into ${db.dir} (${await publicTableCount(db.pglite)} tables).`);
    } finally {
      await db.close();
    }
    return;
  }
  if (command === "move") {
    if (!input.to || !/^postgres(ql)?:\/\//.test(input.to)) throw new DbUsageError("db move needs --to postgresql://user:password@host:port/database");
    if (!hasEmbeddedDatabase(dataDir)) throw new DbUsageError(`no embedded database in ${path.resolve(dataDir)} (DATA_DIR)`);
    const db = await openEmbeddedFolder(dataDir, label);
    let counts: TableCount[];
    try {
      // The source is brought to this build's migrations first, so that both sides have the same tables.
      await applyMigrations(pgliteRunner(db.pglite), { advisoryLock: false });
      counts = await moveToPostgres(db.pglite, input.to);
    } finally {
      await db.close();
    }
    const width = Math.max(5, ...counts.map((c) => c.table.length));
    input.out(`${"table".padEnd(width)}  rows`);
    for (const c of counts) input.out(`${c.table.padEnd(width)}  ${c.target}`);
    const total = counts.reduce((n, c) => n + c.target, 0);
    const target = new URL(input.to);
    input.out(
      `Copied ${total} rows in ${counts.length} tables to ${target.hostname}:${target.port || 5432}${target.pathname}; the counts of every table match. ` +
        `Start the server with DATABASE_URL set to it; the embedded folder ${db.dir} is left as it was.`,
    );
    return;
  }
  throw new DbUsageError(`unknown command: db ${command ?? ""}`.trim());
}
