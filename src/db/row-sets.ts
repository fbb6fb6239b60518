/**
 * Many rows as one statement's parameters: a column each, as a PostgreSQL array, read back as a table with
 * `unnest`. A batch of any size is then one statement of one text (prepared once), not a statement per row.
 */
import { sql, type AliasedRawBuilder } from "kysely";
import { Slot, unnestColumns } from "./query-builder";

/** The element types the batches use; `Environment` is the enum of migration 0001. */
export type ElementType = "uuid" | "text" | "int" | "float8" | "bool" | "json" | "jsonb" | "timestamptz" | "Environment";

/**
 * A column: its values (one per row) and their PostgreSQL type. In a `Template`, a slot instead, whose
 * argument is the values' texts (`textsOf`).
 */
export type Column<T> = readonly [values: readonly T[] | Slot<(string | null)[]>, type: ElementType];

/** Values as a column's texts, the argument of a `Column`'s slot. */
export function textsOf(values: readonly unknown[]): (string | null)[] {
  return values.map(asText);
}

/** A value as its text (NULL stays NULL). */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  throw new TypeError("rowsOf: a column's values are text, numbers, booleans or dates (JSON as its text)");
}

/**
 * The rows `columns` describe (every array the same length), as a table named `alias` with those columns:
 * `qb.selectFrom(rowsOf("d", { pk: [pks, "uuid"], name: [names, "text"] })).select(["d.pk", "d.name"])`.
 */
export function rowsOf<R extends object, A extends string>(alias: A, columns: { [K in keyof R]: Column<R[K]> }): AliasedRawBuilder<R, A> {
  // Every column travels as text[] and is cast in the statement: the drivers (and Prisma's adapters) all send
  // a text array as it is, while an array of an enum or of JSON is not understood by each of them alike.
  return unnestColumns<R, A>(
    alias,
    Object.entries<Column<unknown>>(columns).map(
      ([name, [values, type]]) =>
        [name, sql`${values instanceof Slot ? values : textsOf(values)}::text[]::${sql.raw(type === "Environment" ? '"Environment"' : type)}[]`] as const,
    ),
  );
}
