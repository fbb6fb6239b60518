/**
 * CSV exports of a filtered list: every matching row (read page by page with the list's own filters, so an
 * export always holds what the list shows), written by papaparse. Values are the API's (decimal strings,
 * ISO timestamps) in the reader's language's CSV style (csvStyle), so that an export reads back into the import and
 * opens as columns in that language's spreadsheet.
 */
import Papa from "papaparse";
import { z } from "zod";
import { DomainError } from "@/domain/errors";
import { MAX_PAGE_SIZE } from "@/domain/shared/pagination";
import { t, type Locale } from "@/i18n/locale";

/** An export holds at most this many rows; a larger one is refused (narrow the filters) rather than cut short. */
export const MAX_EXPORT_ROWS = 10_000;

export const ZCsvExport = z.object({
  count: z.number().int(),
  csv: z.string().meta({ description: "RFC 4180 CSV with a header row" }),
});
export type TCsvExport = z.infer<typeof ZCsvExport>;

/** Every row of a paged reader, page by page, refused above MAX_EXPORT_ROWS. */
export async function allRows<T>(read: (page: { page: number; page_size: number }) => Promise<{ count: number; rows: T[] }>): Promise<T[]> {
  const first = await read({ page: 1, page_size: MAX_PAGE_SIZE });
  if (first.count > MAX_EXPORT_ROWS) throw new DomainError("validation", { non_field_errors: [t("export_too_many", { max: MAX_EXPORT_ROWS })] });
  const rows = [...first.rows];
  for (let page = 2; rows.length < first.count; page++) {
    const next = await read({ page, page_size: MAX_PAGE_SIZE });
    if (next.rows.length === 0) break; // rows deleted while reading
    rows.push(...next.rows);
  }
  return rows;
}

type Cell = string | number | boolean | null | undefined;

/**
 * Cells a spreadsheet would run as a formula (CSV injection: `=HYPERLINK(…)`, `+`, `-`, `@`, tab, carriage
 * return first), which papaparse's `escapeFormulae` prefixes with `'`. The API's money values are decimal
 * strings, and a negative one (`-12.50`) is a plain number to a spreadsheet, not a formula: it is left as it
 * is so that amounts stay numeric. Anything else after a `-` (`-1+1`, `-cmd|…`) is escaped.
 */
export const CSV_FORMULA = /^(?!-\d+(?:[.,]\d+)?$)[=+\-@\t\r]/;

/**
 * How a spreadsheet in the reader's language reads CSV: Swedish Excel takes `;` between cells and a decimal
 * comma (with `,` it opens the file as one column); English takes `,` and a decimal point.
 */
export function csvStyle(locale: Locale): { delimiter: string; decimalComma: boolean } {
  return locale === "sv" ? { delimiter: ";", decimalComma: true } : { delimiter: ",", decimalComma: false };
}

export interface CsvOptions<C extends string> {
  /** The reader's language: the separator and the decimal mark (csvStyle). Default English, the API's own form. */
  locale?: Locale;
  /** The columns that hold decimals ("1500.50"), written with the reader's decimal mark. */
  decimals?: readonly C[];
}

/** The CSV of `rows` with the given columns, in that order; formula-looking cells are neutralised (CSV_FORMULA). */
export function toCsv<C extends string>(columns: readonly C[], rows: Record<C, Cell>[], options: CsvOptions<C> = {}): TCsvExport {
  const { delimiter, decimalComma } = csvStyle(options.locale ?? "en");
  const decimals = new Set<string>(options.decimals ?? []);
  const cell = (c: C, value: Cell) => (decimalComma && decimals.has(c) && typeof value === "string" ? value.replace(".", ",") : (value ?? ""));
  const data = rows.map((r) => columns.map((c) => cell(c, r[c])));
  const csv = Papa.unparse({ fields: [...columns], data }, { newline: "\r\n", delimiter, escapeFormulae: CSV_FORMULA });
  return { count: rows.length, csv };
}
