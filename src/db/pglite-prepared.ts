/**
 * Named prepared statements on the embedded database, for the direct queries (src/db/fast-sql.ts).
 * PGlite's `query` sends an unnamed statement in six protocol calls into WebAssembly, so PostgreSQL parses
 * and plans it every time: about 0.4 ms of the Node thread per statement (docs/performance.md). Here each
 * text is parsed once, and each execution is one protocol call (Bind, Describe, Execute, Sync) that reuses
 * the plan. It holds PGlite's locks as `query` does, so it never runs inside another caller's transaction.
 */
import { protocol, types, type PGlite } from "@electric-sql/pglite";
import type { QueryResultRow } from "pg";
import { Prisma } from "@/generated/prisma/client";
import type { RunOptions } from "./query-builder";

const { serialize, messages } = protocol;

/** An array as PostgreSQL's array literal: every element quoted (or NULL), `"` and `\` escaped. */
function arrayLiteral(values: readonly unknown[]): string {
  const element = (v: unknown) => {
    const text = param(v);
    return text === null ? "NULL" : `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  };
  return `{${values.map(element).join(",")}}`;
}

/** A parameter as PostgreSQL's text form (PGlite's own serializers know no array of an enum type). */
export function param(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean") return String(value);
  if (Prisma.Decimal.isDecimal(value)) return value.toString();
  // Anything else would be sent as "[object Object]": refuse it loudly instead.
  throw new TypeError(`unsupported SQL parameter: ${Object.prototype.toString.call(value)}`);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function preparedQueries(pglite: PGlite) {
  const names = new Map<string, string>();
  let next = 0;
  return async <T extends QueryResultRow>(text: string, params: unknown[], options?: RunOptions): Promise<T[]> =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        // Planned on each run: the unnamed statement, parsed every time (RunOptions).
        const known = options?.planEachRun ? undefined : names.get(text);
        // A fresh name for each first attempt: a Parse that succeeded before a failed Bind is simply unused.
        const name = options?.planEachRun ? "" : (known ?? `fast_${++next}`);
        const parts = known ? [] : [serialize.parse({ name, text })];
        parts.push(serialize.bind({ statement: name, values: params.map(param) }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync());
        const { messages: replies } = await pglite.execProtocol(concat(parts)); // throws PostgreSQL's error, after Sync
        if (!known && name) names.set(text, name);
        let fields: { name: string; dataTypeID: number }[] = [];
        const rows: T[] = [];
        for (const reply of replies) {
          if (reply instanceof messages.RowDescriptionMessage) fields = reply.fields;
          else if (reply instanceof messages.DataRowMessage) {
            const row: QueryResultRow = {};
            reply.fields.forEach((value, i) => {
              const parsed: unknown = types.parseType(value, fields[i].dataTypeID, pglite.parsers);
              row[fields[i].name] = parsed;
            });
            // The driver boundary: rows are typed by the statement that asked for them, as in `pg` and PGlite.
            rows.push(row as T);
          }
        }
        return rows;
      }),
    );
}
