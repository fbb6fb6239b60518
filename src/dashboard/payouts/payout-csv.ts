/**
 * Payouts from a CSV file: the header names the API's fields (employee, amount or invoiced_amount or cost,
 * currency, description, start_at, end_at, id), one Payout per row. Amounts are read in the page's language
 * ("1 500,50" in Swedish) into the API's decimals; a value that is no amount is sent as it is, so that the
 * server's check names it. Every rule is the server's (the validate procedure); this only reads the file.
 */
import Papa from "papaparse";
import type { Locale } from "@/i18n/catalogue/locales";
import { parseMoneyInput } from "../money";

export const CSV_FIGURES = ["amount", "invoiced_amount", "cost"] as const;
const TEXT_FIELDS = ["id", "currency", "description", "start_at", "end_at"] as const;

/** The columns an import reads (an export's first columns are the same, so an export reads back in). */
export const CSV_IMPORT_COLUMNS = ["employee", "amount", "currency", "description", "start_at", "end_at", "id"] as const;

/** One row's Payout body: text fields only, as the file has them (the server reads and checks them). */
export type CsvPayout = Partial<Record<"employee" | (typeof CSV_FIGURES)[number] | (typeof TEXT_FIELDS)[number], string>>;

export interface CsvRead {
  items: CsvPayout[];
  /** Problems of the file itself (not of a row): unreadable CSV, a missing header. */
  problems: string[];
}

/** The quote our exports put before a formula-looking cell (CSV injection), so that an export reads back as it was. */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** One row's request: empty cells are left out (an empty optional field is no value). */
export function rowToPayout(row: Record<string, string | undefined>, locale: Locale): CsvPayout {
  const item: CsvPayout = {};
  const employee = row.employee?.trim();
  if (employee) item.employee = employee;
  for (const field of CSV_FIGURES) {
    const typed = row[field]?.trim();
    if (typed) item[field] = parseMoneyInput(typed, locale) ?? typed;
  }
  for (const field of TEXT_FIELDS) {
    const value = row[field]?.trim().replace(ESCAPED_FORMULA, "");
    if (value) item[field] = field === "currency" ? value.toUpperCase() : value;
  }
  return item;
}

export function readPayoutCsv(text: string, locale: Locale): CsvRead {
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (h) => h.trim().toLowerCase(),
  });
  const fields = parsed.meta.fields ?? [];
  const problems = parsed.errors.filter((e) => e.type !== "FieldMismatch").map((e) => (e.row === undefined ? e.message : `${e.row + 2}: ${e.message}`));
  if (!fields.includes("employee")) problems.push("employee");
  return { items: parsed.data.map((row) => rowToPayout(row, locale)), problems };
}

/** A row's line in the file: the header is line 1. */
export const csvLine = (index: number) => index + 2;

/**
 * An item's field errors as lines a person reads, each under the field's label (`label` gives it; nested
 * errors, such as an inline Employee's, are named by their outer field). Empty for a valid item.
 */
export function errorLines(errors: unknown, label: (field: string) => string): string[] {
  const lines: string[] = [];
  const walk = (value: unknown, field: string) => {
    if (typeof value === "string") lines.push(field === "non_field_errors" ? value : `${label(field)}: ${value}`);
    else if (Array.isArray(value)) for (const v of value) walk(v, field);
    else if (typeof value === "object" && value !== null) for (const v of Object.values(value)) walk(v, field);
  };
  if (typeof errors === "object" && errors !== null) for (const [field, value] of Object.entries(errors)) walk(value, field);
  return lines;
}

/** The fields of a Payout body, as its labels are keyed in the catalogue (`payouts.fields`). */
export const PAYOUT_FIELDS = [
  "id",
  "employee",
  "amount",
  "invoiced_amount",
  "cost",
  "currency",
  "description",
  "start_at",
  "end_at",
  "metadata",
  "non_field_errors",
] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];
export function isPayoutField(field: string): field is PayoutField {
  return (PAYOUT_FIELDS as readonly string[]).includes(field);
}
