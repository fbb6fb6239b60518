/**
 * Locks that live exactly as long as this process: how another process tells whether work claimed in the
 * database (an Idempotency-Key's in-flight claim) still has someone doing it.
 *
 * PostgreSQL: session advisory locks on one connection of its own, opened on first use and held for the
 * process's life. A process that dies, however it dies, closes its connections and the server releases their
 * locks at once; a process that is alive keeps them. (A row with the claimer's backend pid would serve too, but
 * a pooled connection's backend comes and goes while the process lives.) A host that vanishes without closing
 * its connections is noticed when the server's TCP keepalive says so (`tcp_keepalives_idle`).
 *
 * Embedded database: only one process can open the data folder (data-dir-lock.ts), so work that this process
 * is not doing was claimed by an earlier process, which is gone: nothing is held elsewhere.
 */
import pg from "pg";
import type { PrismaClient } from "@/generated/prisma/client";
import { pgRunner, qb, runQuery, typed } from "./query-builder";

export interface SessionLocks {
  /** Takes `key` for this process; false when some other process holds a key with the same hash (pick another key). */
  hold(key: string): Promise<boolean>;
  release(key: string): Promise<void>;
  /** Whether a live process (this one or another) holds `key`. */
  isHeld(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** Advisory lock namespace (first key of the two-key form) of session locks. */
const SESSION_LOCKS = 0x50525345;

/** `fn(namespace, hashtext(key))`: one of PostgreSQL's two-key advisory lock functions on `key`. */
function advisory(fn: "pg_try_advisory_lock" | "pg_advisory_unlock" | "pg_try_advisory_xact_lock", key: string) {
  return qb.selectNoFrom((eb) => eb.fn<boolean>(fn, [typed(SESSION_LOCKS, "int"), eb.fn<number>("hashtext", [typed(key, "text")])]).as("ok"));
}

class PostgresSessionLocks implements SessionLocks {
  private client: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  private turns: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly pool: pg.Pool,
  ) {}

  /** The lock connection; after it was lost (the server restarted, a network fault), a new one takes the keys again. */
  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ ...this.config, keepAlive: true });
      client.on("error", () => {
        this.client = null;
      });
      client.on("end", () => {
        this.client = null;
      });
      await client.connect();
      for (const key of [...this.held]) {
        const rows = await runQuery(pgRunner(client), advisory("pg_try_advisory_lock", key));
        if (!rows[0]?.ok) this.held.delete(key); // taken over while the connection was down
      }
      return client;
    })().catch((e: unknown) => {
      this.client = null;
      throw e;
    });
    return this.client;
  }

  /**
   * One statement at a time on the lock connection: a pg.Client queues concurrent queries itself, but that is
   * deprecated (pg 8 warns, pg 9 refuses), and concurrent requests take and release keys at once.
   */
  private onConnection<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const turn = this.turns.then(async () => work(await this.connection()));
    this.turns = turn.catch(() => undefined);
    return turn;
  }

  async hold(key: string): Promise<boolean> {
    const rows = await this.onConnection((client) => runQuery(pgRunner(client), advisory("pg_try_advisory_lock", key)));
    if (rows[0]?.ok) this.held.add(key);
    return rows[0]?.ok === true;
  }

  async release(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    await this.onConnection((client) => runQuery(pgRunner(client), advisory("pg_advisory_unlock", key)));
  }

  async isHeld(key: string): Promise<boolean> {
    if (this.held.has(key)) return true;
    // A transaction-level try on a pooled connection: taken (and released at the statement's end) only when no one holds it.
    const rows = await runQuery(pgRunner(this.pool), advisory("pg_try_advisory_xact_lock", key));
    return rows[0]?.ok === false;
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held.clear();
    if (client) await (await client.catch(() => null))?.end().catch(() => undefined);
  }
}

class EmbeddedSessionLocks implements SessionLocks {
  private readonly held = new Set<string>();
  async hold(key: string): Promise<boolean> {
    this.held.add(key);
    return true;
  }
  async release(key: string): Promise<void> {
    this.held.delete(key);
  }
  async isHeld(key: string): Promise<boolean> {
    return this.held.has(key);
  }
  async close(): Promise<void> {
    this.held.clear();
  }
}

const registry = new WeakMap<PrismaClient, SessionLocks>();

/** PostgreSQL: the pool (for checks) and the settings of the lock connection; null for the embedded database. */
export function registerSessionLocks(prisma: PrismaClient, postgres: { pool: pg.Pool; config: pg.ClientConfig } | null): SessionLocks {
  const locks = postgres ? new PostgresSessionLocks(postgres.config, postgres.pool) : new EmbeddedSessionLocks();
  registry.set(prisma, locks);
  return locks;
}

/** The session locks of a client opened by `openDatabase`. */
export function sessionLocks(prisma: PrismaClient): SessionLocks {
  const locks = registry.get(prisma);
  if (!locks) throw new Error("sessionLocks: this Prisma client was not opened by openDatabase");
  return locks;
}
