/**
 * Applies prisma/migrations/* in name order, recording them in Prisma's `_prisma_migrations` table so that
 * the Prisma CLI agrees with what was applied. The same runner serves PGlite and PostgreSQL; on PostgreSQL
 * an advisory lock lets many instances start at once.
 */
import { env } from "@/config/env";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Prisma } from "@/generated/prisma/client";

export interface SqlRunner {
  /** Runs a multi-statement script (simple query protocol). */
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

const MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
);`;

// Arbitrary constant: the advisory lock key that serialises migrations across instances.
const ADVISORY_LOCK_KEY = 727_274_001;

export function migrationsDir(): string {
  return path.resolve(env().MIGRATIONS_DIR);
}

/** The migrations this build ships, in the order they apply. */
export function migrationNames(dir = migrationsDir()): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort();
}

const FINISHED = `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;

/** The queries of `pendingMigrations` through a Prisma client. */
export function prismaRunner(prisma: Prisma.TransactionClient): Pick<SqlRunner, "query"> {
  return { query: <T>(text: string, params: unknown[] = []) => prisma.$queryRawUnsafe<T[]>(text, ...params) };
}

/** The shipped migrations the database has not recorded as finished (for /readyz). */
export async function pendingMigrations(db: Pick<SqlRunner, "query">, names: readonly string[]): Promise<string[]> {
  const done = new Set((await db.query<{ migration_name: string }>(FINISHED)).map((r) => r.migration_name));
  return names.filter((n) => !done.has(n));
}

export async function applyMigrations(db: SqlRunner, opts: { advisoryLock: boolean }): Promise<string[]> {
  const dir = migrationsDir();
  const names = migrationNames(dir);
  if (opts.advisoryLock) await db.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
  try {
    await db.exec(MIGRATIONS_TABLE);
    const applied: string[] = [];
    for (const name of await pendingMigrations(db, names)) {
      const sql = fs.readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      const checksum = crypto.createHash("sha256").update(sql).digest("hex");
      // Each migration and its record commit together: a failed migration leaves no trace to clean up.
      await db
        .exec(
          `BEGIN;\n${sql}\n;
        INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
        VALUES ('${crypto.randomUUID()}', '${checksum}', '${name.replace(/'/g, "''")}', now(), 1);
        COMMIT;`,
        )
        .catch(async (e: unknown) => {
          await db.exec("ROLLBACK").catch(() => undefined);
          throw new Error(`Migration ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
        });
      applied.push(name);
    }
    return applied;
  } finally {
    if (opts.advisoryLock) await db.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`);
  }
}
