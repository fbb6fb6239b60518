/**
 * Leaving the embedded database: copy every row of it into an empty PostgreSQL database. The target gets
 * this build's migrations (the same runner as on start), then one transaction copies each table, parents
 * before children, in batches of rows carried as JSON (`json_populate_recordset`: every type round-trips
 * through its own text form, so decimals, timestamps and bytes stay exact), sets each sequence where the
 * source's stands and compares the row counts of every table before it commits. Nothing is written to the
 * target unless all of it is.
 */
import type { PGlite, Transaction } from "@electric-sql/pglite";
import pg from "pg";
import { applyMigrations } from "./migrate";

export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export class TargetNotEmptyError extends Error {
  constructor(readonly tables: string[]) {
    super(`The target database is not empty (rows in ${tables.join(", ")}): db move copies into an empty database only.`);
    this.name = "TargetNotEmptyError";
  }
}

/** Rows fetched from the source at a time, and the most JSON sent to the target in one statement. */
const FETCH_ROWS = 500;
const MAX_BATCH_CHARS = 8 * 1024 * 1024;
const MIGRATIONS = "_prisma_migrations";

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables that hold rows, in any non-system schema (the migration record excepted). */
async function tablesWithRows(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ schema: string; name: string }>(`
    SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      AND NOT (n.nspname = 'public' AND c.relname = '${MIGRATIONS}')`);
  const full: string[] = [];
  for (const r of rows) {
    const { rows: any } = await client.query<{ found: boolean }>(`SELECT EXISTS (SELECT 1 FROM ${ident(r.schema)}.${ident(r.name)}) AS found`);
    if (any[0].found) full.push(r.schema === "public" ? r.name : `${r.schema}.${r.name}`);
  }
  return full;
}

/** How many tables the embedded database's public schema holds (what `db restore` reports). */
export async function publicTableCount(source: PGlite): Promise<number> {
  const { rows } = await source.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
  return rows[0].n;
}

/** The source's tables, parents before the tables that reference them (a self-reference is ignored). */
async function tablesInCopyOrder(source: PGlite): Promise<string[]> {
  const tables = (
    await source.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '${MIGRATIONS}' ORDER BY tablename`,
    )
  ).rows.map((r) => r.name);
  const edges = (
    await source.query<{ child: string; parent: string }>(`
      SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE k.contype = 'f' AND n.nspname = 'public' AND c.oid <> p.oid`)
  ).rows;
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && edges.every((e) => e.child !== t || placed.has(e.parent)));
    if (ready.length === 0) throw new Error(`foreign keys form a cycle among ${tables.filter((t) => !placed.has(t)).join(", ")}`);
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** The columns a row is written with: every column but generated ones, in table order. */
async function writableColumns(source: PGlite, table: string): Promise<string[]> {
  const { rows } = await source.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
     WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attnum`,
    [`public.${ident(table)}`],
  );
  return rows.map((r) => r.name);
}

async function copyTable(tx: Transaction, target: pg.Client, table: string, columns: string[]): Promise<void> {
  const cols = columns.map(ident).join(", ");
  const insert = `INSERT INTO ${ident(table)} (${cols}) OVERRIDING SYSTEM VALUE
    SELECT ${cols} FROM json_populate_recordset(NULL::${ident(table)}, $1::json)`;
  await tx.query(`DECLARE transfer NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM (SELECT ${cols} FROM ${ident(table)}) t`);
  try {
    for (;;) {
      const { rows } = await tx.query<{ j: string }>(`FETCH ${FETCH_ROWS} FROM transfer`);
      if (rows.length === 0) return;
      let batch: string[] = [];
      let size = 0;
      for (const { j } of rows) {
        if (batch.length && size + j.length > MAX_BATCH_CHARS) {
          await target.query(insert, [`[${batch.join(",")}]`]);
          batch = [];
          size = 0;
        }
        batch.push(j);
        size += j.length + 1;
      }
      await target.query(insert, [`[${batch.join(",")}]`]);
    }
  } finally {
    await tx.query("CLOSE transfer");
  }
}

async function count(q: (sql: string) => Promise<{ rows: { n: number }[] }>, table: string): Promise<number> {
  return (await q(`SELECT count(*)::int AS n FROM ${ident(table)}`)).rows[0].n;
}

/**
 * Copies every table of `source` (migrated to this build) into the empty PostgreSQL database at
 * `targetUrl`; returns the row counts of each table on both sides. Throws TargetNotEmptyError before
 * writing anything when the target holds rows.
 */
export async function moveToPostgres(source: PGlite, targetUrl: string): Promise<TableCount[]> {
  const target = new pg.Client({ connectionString: targetUrl });
  await target.connect();
  try {
    const full = await tablesWithRows(target);
    if (full.length) throw new TargetNotEmptyError(full);
    await applyMigrations(
      {
        exec: async (sql) => void (await target.query(sql)),
        query: async <T>(sql: string, params?: unknown[]) => (await target.query(sql, params)).rows as T[],
      },
      { advisoryLock: true },
    );
    const tables = await tablesInCopyOrder(source);
    // Read before the copy's transaction: PGlite runs one statement at a time, and one outside a running
    // transaction waits for it to end.
    const columns = new Map<string, string[]>();
    for (const t of tables) columns.set(t, await writableColumns(source, t));
    const counts: TableCount[] = [];
    await target.query("BEGIN");
    try {
      // Triggers would redo on the target what the source already holds (the Employee counts).
      for (const t of tables) await target.query(`ALTER TABLE ${ident(t)} DISABLE TRIGGER USER`);
      await source.transaction(async (tx) => {
        for (const t of tables) await copyTable(tx, target, t, columns.get(t) ?? []);
      });
      for (const t of tables) await target.query(`ALTER TABLE ${ident(t)} ENABLE TRIGGER USER`);
      const sequences = await source.query<{ name: string; last_value: string | null }>(
        `SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public'`,
      );
      for (const s of sequences.rows) {
        if (s.last_value !== null) await target.query(`SELECT setval($1::regclass, $2::bigint, true)`, [`public.${ident(s.name)}`, s.last_value]);
      }
      for (const t of tables) {
        counts.push({
          table: t,
          source: await count((sql) => source.query<{ n: number }>(sql), t),
          target: await count((sql) => target.query<{ n: number }>(sql), t),
        });
      }
      const wrong = counts.filter((c) => c.source !== c.target);
      if (wrong.length) throw new Error(`row counts differ after the copy: ${wrong.map((c) => `${c.table} ${c.source} → ${c.target}`).join(", ")}`);
      await target.query("COMMIT");
    } catch (e) {
      await target.query("ROLLBACK").catch(() => undefined);
      throw e;
    }
    return counts;
  } finally {
    await target.end();
  }
}
