/**
 * Opens the database: a real PostgreSQL server when DATABASE_URL is set, otherwise an embedded PGlite
 * under $DATA_DIR/pglite (locked to this process). Migrations are applied on open.
 */
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { FixedPrismaPGlite } from "./pglite-adapter";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "@/generated/prisma/client";
import { applyMigrations, type SqlRunner } from "./migrate";
import { lockDataDir } from "./data-dir-lock";
import { retryLostRead } from "./connection-lost";
import { oneStatementAtATime } from "./serial-transaction";
import { TRANSACTION_LIMITS } from "./transaction-limits";
import { registerFastSql } from "./fast-sql";
import { ensureCluster, hasCluster } from "./embedded-cluster";

export type Db = PrismaClient;

export interface Database {
  driver: "pglite" | "pg";
  prisma: PrismaClient;
  /** PostgreSQL's connection pool (shared with Prisma), for libraries that take one; null when embedded. */
  pool: pg.Pool | null;
  /** Where the data lives, for logs (never the password). */
  description: string;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | {
      driver: "pg";
      url: string;
      /** A direct connection when `url` is a transaction-mode pooler (DATABASE_DIRECT_URL). */
      directUrl?: string;
      poolSize?: number;
    }
  | {
      driver: "pglite";
      /** a folder, or "memory://" */
      dataDir: string;
      command: string;
      /**
       * In memory only: a data-folder archive (`dumpDataDir`) to start from instead of a new cluster. Creating a
       * cluster takes seconds; loading a migrated one, under one (the test harness opens dozens).
       */
      template?: Blob;
    };

export function databaseOptionsFromEnv(e: { DATABASE_URL?: string; DATABASE_DIRECT_URL?: string; DATA_DIR: string }, command: string): DatabaseOptions {
  return e.DATABASE_URL ? { driver: "pg", url: e.DATABASE_URL, directUrl: e.DATABASE_DIRECT_URL } : { driver: "pglite", dataDir: e.DATA_DIR, command };
}

/** The connection for what needs a session (LISTEN, a lock held across statements): the direct one when a pooler is in front. */
export function sessionUrl(e: { DATABASE_URL?: string; DATABASE_DIRECT_URL?: string }): string | undefined {
  return e.DATABASE_URL ? (e.DATABASE_DIRECT_URL ?? e.DATABASE_URL) : undefined;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.driver === "pg" ? openPostgres(opts.url, opts.directUrl, opts.poolSize ?? 10) : openPGlite(opts.dataDir, opts.command, opts.template);
}

async function openPostgres(url: string, directUrl: string | undefined, poolSize: number): Promise<Database> {
  // The migrations' advisory lock is a session's: behind a transaction pooler it is taken on the direct connection.
  const admin = new pg.Client({ connectionString: directUrl ?? url });
  await admin.connect();
  try {
    await applyMigrations(
      {
        exec: async (sql) => void (await admin.query(sql)),
        query: async <T>(sql: string, params?: unknown[]) => (await admin.query(sql, params)).rows as T[],
      },
      { advisoryLock: true },
    );
  } finally {
    await admin.end();
  }
  // One pool for Prisma and for the direct hot-path reads.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle connection closed by the server (restart, failover, a terminated backend) is dropped by the
  // pool, which opens another when needed; unhandled, the error would end the process.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new RetryingPrismaPg(pool), transactionOptions: TRANSACTION_LIMITS });
  const fast = registerFastSql(prisma, { pool, listenUrl: directUrl ?? url, named: directUrl === undefined });
  const u = new URL(url);
  return {
    driver: "pg",
    prisma,
    pool,
    description: `PostgreSQL ${u.hostname}:${u.port || 5432}${u.pathname}`,
    close: async () => {
      await fast.close();
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * Prisma's pg adapter whose statements outside a transaction are retried once when they only read and their
 * connection was ended (connection-lost.ts); a transaction's statements go through `startTransaction`'s own
 * object, never retried, one at a time (serial-transaction.ts).
 */
class RetryingPrismaPg extends PrismaPg {
  override async connect() {
    const adapter = await super.connect();
    const queryRaw = adapter.queryRaw.bind(adapter);
    adapter.queryRaw = (query) => retryLostRead(query.sql, () => queryRaw(query));
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => oneStatementAtATime(await startTransaction(isolationLevel));
    return adapter;
  }
}

async function openPGlite(dataDir: string, command: string, template?: Blob): Promise<Database> {
  const memory = dataDir === "memory://";
  const release = memory ? () => undefined : lockDataDir(path.resolve(dataDir), command);
  let client: PGlite | undefined;
  try {
    const dbDir = memory ? "memory://" : path.join(path.resolve(dataDir), "pglite");
    if (!memory) {
      fs.mkdirSync(dbDir, { recursive: true }); // PGlite needs the folder to exist
      await ensureCluster(dbDir);
    }
    client = await PGlite.create(dbDir, memory && template ? { ...pgliteOptions(), loadDataDir: template } : pgliteOptions());
    const pglite = client;
    await applyMigrations(pgliteRunner(pglite), { advisoryLock: false });
    const prisma = new PrismaClient({ adapter: new FixedPrismaPGlite(pglite), transactionOptions: TRANSACTION_LIMITS });
    registerFastSql(prisma, { pglite });
    let closed = false;
    return {
      driver: "pglite",
      prisma,
      pool: null,
      description: memory ? "embedded PostgreSQL in memory" : `embedded PostgreSQL in ${dbDir}`,
      async close() {
        if (closed) return;
        closed = true;
        await prisma.$disconnect();
        // $disconnect does not close PGlite, and an open PGlite keeps Node alive and skips a clean shutdown.
        await pglite.close();
        release();
      },
    };
  } catch (e) {
    await client?.close().catch(() => undefined);
    release();
    throw e;
  }
}

/** An empty embedded database with every migration applied, as an archive to open copies of (`template`). */
export async function migratedTemplate(): Promise<Blob> {
  const pglite = await PGlite.create("memory://", pgliteOptions());
  try {
    await applyMigrations(pgliteRunner(pglite), { advisoryLock: false });
    return await pglite.dumpDataDir("none");
  } finally {
    await pglite.close();
  }
}

/**
 * How the embedded PostgreSQL starts. shared_buffers 16MB instead of PostgreSQL's 128MB: PGlite's buffers live
 * in the process's own memory and a busy server touches all of them (measured: 289 MiB resident right after
 * opening a folder with 128MB, 183 MiB with 32MB; under the compare's requests PGlite's memory held 52 MiB
 * resident with 32MB, 32 MiB with 16MB), and a single-user database this size is read from the OS's file cache
 * when it misses them.
 * wal_init_zero off: a new 16 MB WAL segment is not filled with zeros first. PGlite's file layer copies each of
 * those writes into a new 1 MiB buffer outside V8's heap, and the 16 stayed until V8's next full collection: the
 * embedded server's memory jumped by 16 MiB whenever the WAL grew. Only the last byte is written now, as PostgreSQL
 * documents for this setting; WAL records carry their own checks, so recovery does not rely on the zeros. Creates
 * on the embedded database were 8 % faster with it (alternating runs).
 */
function pgliteOptions() {
  return { extensions: { pg_trgm }, startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "wal_init_zero=off"] };
}

export function pgliteRunner(pglite: PGlite): SqlRunner {
  return {
    exec: async (sql) => void (await pglite.exec(sql)),
    query: async <T>(sql: string, params?: unknown[]) => (await pglite.query<T>(sql, params)).rows,
  };
}

export interface EmbeddedFolder {
  pglite: PGlite;
  /** The database folder ($DATA_DIR/pglite). */
  dir: string;
  close(): Promise<void>;
}

/** Whether $DATA_DIR holds an embedded database. */
export function hasEmbeddedDatabase(dataDir: string): boolean {
  return hasCluster(path.join(path.resolve(dataDir), "pglite"));
}

/**
 * The embedded database alone (the folder locked, no migrations applied, no Prisma), for the CLI's db
 * tools. `load`: a data-folder archive (dumpDataDir) to create the database from.
 */
export async function openEmbeddedFolder(dataDir: string, command: string, load?: Blob): Promise<EmbeddedFolder> {
  const release = lockDataDir(path.resolve(dataDir), command);
  const dir = path.join(path.resolve(dataDir), "pglite");
  try {
    fs.mkdirSync(dir, { recursive: true });
    if (!load) await ensureCluster(dir);
    const pglite = await PGlite.create(dir, { ...pgliteOptions(), ...(load ? { loadDataDir: load } : {}) });
    return {
      pglite,
      dir,
      async close() {
        await pglite.close();
        release();
      },
    };
  } catch (e) {
    release();
    throw e;
  }
}
