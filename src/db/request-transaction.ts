/**
 * One database transaction around a whole request (an Idempotency-Key's work and its stored answer commit
 * together, src/http/v2/handler.ts). The services write through `ctx.db` with `$transaction`, `fastSql` and
 * `runIn`; here they get a request-scoped Db whose every statement runs in that one transaction:
 * - model calls and raw SQL go to Prisma's interactive transaction client;
 * - `$transaction(fn)` (and the array form) becomes a SAVEPOINT of it: released when `fn` resolves, rolled
 *   back to when it throws, so a service's all-or-nothing block stays all-or-nothing inside the request;
 * - `fastSql` runs its statements in it too (`transaction` as a SAVEPOINT), without the direct driver's
 *   prepared statements: the driver's other connections (PostgreSQL) would not see the uncommitted work,
 *   and on the embedded database the transaction holds PGlite's lock, which a direct query would wait for forever.
 */
import type pg from "pg";
import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "./database";
import { fastSql, registerFastSqlOf, type FastSql } from "./fast-sql";
import { sqlIn, type SqlRunner } from "./query-builder";

export interface RequestTransactionOptions {
  /** How long to wait for a connection (PostgreSQL) or for PGlite's lock (embedded) before giving up. */
  maxWait: number;
  /** How long the whole request may hold the transaction. */
  timeout: number;
}

export interface RequestTransaction {
  /** The request-scoped Db: every statement in the transaction. */
  db: Db;
  /** Runs `body` in a savepoint (`db.$transaction`), handing it a Db of the savepoint's level. */
  savepoint: <R>(body: (db: Db) => Promise<R>) => Promise<R>;
}

/** Runs `work` in one transaction, committed when it resolves and rolled back when it throws. */
export async function withRequestTransaction<T>(db: Db, options: RequestTransactionOptions, work: (request: RequestTransaction) => Promise<T>): Promise<T> {
  const request: RequestState = { next: 0, root: fastSql(db), afterCommit: [] };
  const result = await db.$transaction((tx) => work(scopedDb(tx, request)), options);
  for (const hook of request.afterCommit) await hook();
  return result;
}

/**
 * What the request's levels share: savepoint names unique within the transaction (so that nested and sequential
 * blocks never mix), the app database's reader, and the hooks to run once the transaction has committed.
 */
interface RequestState {
  next: number;
  root: FastSql;
  afterCommit: (() => Promise<void>)[];
}

type Work = (db: Db) => Promise<unknown>;

/**
 * A Db over the transaction client `tx`. Its `$transaction` blocks take turns (one savepoint open at a time on
 * this level: two concurrent blocks on one connection would roll back each other's statements); a block's own
 * nested `$transaction` gets a Db of its own level, so nesting never waits for itself.
 */
function scopedDb(tx: Prisma.TransactionClient, request: RequestState): RequestTransaction {
  let turn: Promise<unknown> = Promise.resolve();
  const inSavepoint = async <R>(body: (inner: Db) => Promise<R>): Promise<R> => {
    const name = `request_sp_${++request.next}`;
    // Blocks of one level take turns, so the hooks added from here on are this block's (and its nested blocks').
    const hooksBefore = request.afterCommit.length;
    await tx.$executeRawUnsafe(`SAVEPOINT ${name}`);
    try {
      const result = await body(scopedDb(tx, request).db);
      await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (e) {
      // The block's own error is the answer; a transaction that cannot roll back to the savepoint (closed,
      // timed out) fails its next statement or its commit instead, and nothing of the request is kept.
      request.afterCommit.length = hooksBefore;
      await tx.$executeRawUnsafe(`ROLLBACK TO SAVEPOINT ${name}`).catch(() => undefined);
      await tx.$executeRawUnsafe(`RELEASE SAVEPOINT ${name}`).catch(() => undefined);
      throw e;
    }
  };
  const block = <R>(body: (inner: Db) => Promise<R>): Promise<R> => {
    const run = turn.then(() => inSavepoint(body));
    turn = run.catch(() => undefined);
    return run;
  };
  const $transaction = (arg: Work | readonly PromiseLike<unknown>[]): Promise<unknown> =>
    block(async (inner) => {
      if (typeof arg === "function") return arg(inner);
      // The array form: Prisma's promises are lazy and bound to `tx`; awaited in order, as Prisma runs them.
      const results: unknown[] = [];
      for (const query of arg) results.push(await query);
      return results;
    });
  // A Proxy, because Prisma's transaction client is itself a proxy whose delegates are created on access:
  // everything but `$transaction` is the client's own. The client type lacks `$transaction` (and the methods
  // that only a root client has), which is why the result is asserted to be the Db the services take.
  const scoped = new Proxy(tx, {
    get: (target, prop): unknown => (prop === "$transaction" ? $transaction : Reflect.get(target, prop)),
    has: (target, prop) => prop === "$transaction" || Reflect.has(target, prop),
  }) as unknown as Db;
  registerFastSqlOf(scoped, {
    // Rows as Prisma's raw queries type them (the direct driver's differ for numeric and int8 columns: the
    // statements the services send through fastSql on a request's path read neither without a cast).
    query: <R extends pg.QueryResultRow>(text: string, params: unknown[]) => tx.$queryRawUnsafe<R[]>(text, ...params),
    // Nothing is remembered per request: the memos that `listen` keeps fresh belong to the root client.
    listen: null,
    transaction: <R>(work: (run: SqlRunner) => Promise<R>) => block((inner) => work(sqlIn(inner))),
    copyIn: null,
    committing: { root: request.root, afterCommit: (hook) => void request.afterCommit.push(hook) },
  });
  return { db: scoped, savepoint: block };
}
