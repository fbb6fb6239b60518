/**
 * Rows in PostgreSQL's COPY text format (one line per row, columns separated by tabs, `\N` for null), for
 * bulk writes through `FastSql.copyIn`. COPY parses each value with its column's input function and writes
 * the rows in multi-row batches: about half of an INSERT … SELECT FROM json_populate_recordset's work per row
 * (docs/performance.md, "The request log's cost").
 */
export type CopyValue = string | number | Date | null;

/** Backslash, tab, newline and carriage return would end a value or a row: they are escaped as COPY reads them. */
const SPECIAL = /[\\\t\n\r\0]/g;
const HAS_SPECIAL = /[\\\t\n\r\0]/;
const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r", "\0": "\uFFFD" };

function copyValue(value: CopyValue): string {
  if (value === null) return "\\N";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`copyText: ${value} is not a finite number`);
    return String(value);
  }
  // A NUL cannot be stored in a text value (PostgreSQL refuses the whole statement): it becomes U+FFFD, as an
  // undecodable byte does.
  return HAS_SPECIAL.test(value) ? value.replace(SPECIAL, (c) => ESCAPES[c]) : value;
}

/** The rows as COPY's text format reads them; each row's values in the order of the statement's columns. */
export function copyText(rows: readonly (readonly CopyValue[])[]): string {
  let text = "";
  for (const row of rows) text += `${row.map(copyValue).join("\t")}\n`;
  return text;
}
