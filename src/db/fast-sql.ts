/**
 * Direct SQL for the statements on the hottest paths (API key, Integration-ID, the Employee list, retrieve
 * and create). Prisma's query compiler costs several times the database's own time for such statements
 * (docs/performance.md), so these go straight to the driver: the same pg pool Prisma uses, or the same
 * PGlite instance. On both, each text is a named prepared statement, parsed and planned once (not behind a
 * transaction pooler, where a prepared statement does not follow a client: DATABASE_DIRECT_URL). On PostgreSQL
 * a read outside a transaction whose connection was ended is retried once (connection-lost.ts).
 */
import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { PrismaClient } from "@/generated/prisma/client";
import { retryLostRead } from "./connection-lost";
import { param, preparedQueries } from "./pglite-prepared";
import type { RunOptions, SqlRunner } from "./query-builder";
import { PgNotifications, type Subscription } from "./pg-notifications";

export interface FastSql {
  query<T extends pg.QueryResultRow>(text: string, params: unknown[], options?: RunOptions): Promise<T[]>;
  /**
   * Subscribes to a notification channel: the listener is called on every notification, and whenever some
   * may have been missed. On the embedded database every notification reaches the listener before the write
   * that sent it returns (its data folder is locked to this process, and PGlite delivers notifications with
   * the statement's results), and the subscription is always live. On PostgreSQL a notification arrives
   * shortly after the writer's commit, over a connection of its own (pg-notifications.ts); while that
   * connection is down the subscription is not live. Null where notifications cannot be had (a request's
   * transaction).
   */
  listen: ((channel: string, listener: () => void) => Promise<Subscription>) | null;
  /**
   * Runs `work` in one transaction on one connection (committed when it resolves, rolled back when it
   * throws): a batch's several statements without Prisma's transaction machinery.
   */
  transaction<T>(work: (run: SqlRunner) => Promise<T>): Promise<T>;
  /**
   * Writes rows into `table` with COPY (`rows`: COPY's text format, copy-text.ts), in one statement on one
   * connection: the bulk write of the request log. Null in a request's transaction, which does not bulk-write.
   */
  copyIn: ((table: string, columns: readonly string[], rows: string) => Promise<void>) | null;
  /**
   * In a request's transaction (request-transaction.ts): the app database's own reader (`root`, whose `listen`
   * is live), and `afterCommit`, which runs a hook once the request's transaction has committed, before its answer
   * is sent (dropped when the savepoint it was added in rolls back). Null elsewhere: what is written there commits
   * at once.
   */
  committing: { root: FastSql; afterCommit(hook: () => Promise<void>): void } | null;
}

function copyStatement(table: string, columns: readonly string[], source: string): string {
  const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;
  return `COPY ${quoted(table)} (${columns.map(quoted).join(", ")}) FROM ${source}`;
}

async function poolCopyIn(pool: pg.Pool, table: string, columns: readonly string[], rows: string): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await pipeline(Readable.from([rows]), client.query(copyFrom(copyStatement(table, columns, "STDIN"))));
  } catch (e) {
    // A COPY that failed midway may leave the connection in copy mode: it is closed, not reused.
    broken = e instanceof Error ? e : new Error(String(e));
    throw e;
  } finally {
    client.release(broken);
  }
}

/**
 * PostgreSQL parses and plans a statement on every unnamed execution; a named one is prepared once per
 * connection and then only executed. The texts here are few (their values are parameters), so each gets a
 * name derived from its text.
 */
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `fast_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 16)}`));
  return name;
}

/**
 * The statement as `pg` sends it: named (prepared once per connection), or unnamed when planned on each run
 * or when `named` is false (behind a transaction pooler).
 */
function pgQuery(text: string, values: unknown[], options: RunOptions | undefined, named: boolean): pg.QueryConfig {
  return !named || options?.planEachRun ? { text, values } : { name: statementName(text), text, values };
}

async function poolTransaction<T>(pool: pg.Pool, named: boolean, work: (run: SqlRunner) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: unknown = null;
  try {
    await client.query("BEGIN");
    const result = await work({
      query: async <R extends pg.QueryResultRow>(text: string, params: unknown[], options?: RunOptions) =>
        (await client.query<R>(pgQuery(text, params, options, named))).rows,
    });
    await client.query("COMMIT");
    return result;
  } catch (e) {
    await client.query("ROLLBACK").catch((rollbackFailed: unknown) => (broken = rollbackFailed));
    throw e;
  } finally {
    // A connection whose rollback failed is in an unknown state: the pool closes it instead of reusing it.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

const readers = new WeakMap<PrismaClient, FastSql>();

/** The pools whose connections come from a transaction pooler: nothing is prepared by name on them. */
const pooled = new WeakSet<pg.Pool>();

/** `name` where statements on `pool` may be prepared by name, else undefined (an unnamed statement). */
export function statementNameOn(pool: pg.Pool, name: string): string | undefined {
  return pooled.has(pool) ? undefined : name;
}

const ALWAYS_LIVE: Subscription = { live: true };

/**
 * Registers the direct reader of `prisma`; answers what closes it (PostgreSQL's notification connection).
 * `listenUrl`: where notifications are listened for (a session of its own); `named`: whether statements are
 * prepared by name (not behind a transaction pooler).
 */
export function registerFastSql(
  prisma: PrismaClient,
  driver: { pool: pg.Pool; listenUrl: string; named: boolean } | { pglite: PGlite },
): { close(): Promise<void> } {
  if ("pool" in driver) {
    const { pool, named } = driver;
    if (!named) pooled.add(pool);
    const notifications = new PgNotifications(driver.listenUrl);
    readers.set(prisma, {
      query: <T extends pg.QueryResultRow>(text: string, params: unknown[], options?: RunOptions) =>
        retryLostRead(text, async () => (await pool.query<T>(pgQuery(text, params, options, named))).rows),
      listen: (channel, listener) => notifications.listen(channel, listener),
      transaction: (work) => poolTransaction(pool, named, work),
      copyIn: (table, columns, rows) => poolCopyIn(pool, table, columns, rows),
      committing: null,
    });
    return notifications;
  }
  readers.set(prisma, {
    query: preparedQueries(driver.pglite),
    listen: async (channel: string, listener: () => void) => {
      await driver.pglite.listen(channel, listener);
      return ALWAYS_LIVE;
    },
    // PGlite's own transaction holds its lock throughout.
    transaction: (work) =>
      driver.pglite.transaction((tx) =>
        work({ query: async <T extends pg.QueryResultRow>(text: string, params: unknown[]) => (await tx.query<T>(text, params.map(param))).rows }),
      ),
    copyIn: async (table, columns, rows) => {
      await driver.pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob([rows]) });
    },
    committing: null,
  });
  return { close: async () => undefined };
}

/** The statements of a request-scoped Db (src/db/request-transaction.ts): they run in its transaction. */
export function registerFastSqlOf(scoped: PrismaClient, sql: FastSql): void {
  readers.set(scoped, sql);
}

/** `wrapped` (clock-stamps.ts) reads through `client`'s direct reader, when it has one. */
export function shareFastSql(client: PrismaClient, wrapped: PrismaClient): void {
  const reader = readers.get(client);
  if (reader) readers.set(wrapped, reader);
}

/** The direct reader of a client opened by `openDatabase` (or of a request-scoped one). */
export function fastSql(prisma: PrismaClient): FastSql {
  const reader = readers.get(prisma);
  if (!reader) throw new Error("fastSql: this Prisma client was not opened by openDatabase");
  return reader;
}
