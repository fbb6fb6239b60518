/**
 * Direct SQL for the statements on the hottest paths (API key, Integration-ID, the Employee list, retrieve
 * and create). Prisma's query compiler costs several times the database's own time for such statements
 * (docs/performance.md), so these go straight to the driver: the same pg pool Prisma uses, or the same
 * PGlite instance. On both, each text is a named prepared statement, parsed and planned once.
 */
import crypto from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { PrismaClient } from "@/generated/prisma/client";
import { preparedQueries } from "./pglite-prepared";

export interface FastSql {
  query<T extends pg.QueryResultRow>(text: string, params: unknown[]): Promise<T[]>;
  /**
   * Subscribes to a notification channel, where every notification reaches the listener before the write
   * that sent it returns: only the embedded database can promise that (its data folder is locked to this
   * process, and PGlite delivers notifications with the statement's results). Null on PostgreSQL, where
   * other instances write too and a notification arrives some time after their commit.
   */
  listen: ((channel: string, listener: () => void) => Promise<void>) | null;
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

const readers = new WeakMap<PrismaClient, FastSql>();

export function registerFastSql(prisma: PrismaClient, driver: { pool: pg.Pool } | { pglite: PGlite }): void {
  readers.set(
    prisma,
    "pool" in driver
      ? {
          query: async <T extends pg.QueryResultRow>(text: string, params: unknown[]) =>
            (await driver.pool.query<T>({ name: statementName(text), text, values: params })).rows,
          listen: null,
        }
      : {
          query: preparedQueries(driver.pglite),
          listen: async (channel: string, listener: () => void) => void (await driver.pglite.listen(channel, listener)),
        },
  );
}

/** The direct reader of a client opened by `openDatabase`. */
export function fastSql(prisma: PrismaClient): FastSql {
  const reader = readers.get(prisma);
  if (!reader) throw new Error("fastSql: this Prisma client was not opened by openDatabase");
  return reader;
}
