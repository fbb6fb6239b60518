/**
 * Reading a spreadsheet's CSV into Payout bodies, as POST /v2/payouts/ takes them: headers in English (the API's
 * field names) or Swedish, cells in the file's style (`;` and decimal comma, or `,` and decimal point), one
 * Payout per row. The Employee is named by id or by email; an email that no Employee has becomes an inline
 * Employee (name, email, country), which the create reuses or creates by the API's own rule (payout-create.ts).
 */
import countries from "i18n-iso-countries";
import Papa from "papaparse";
import type { Prisma } from "@/generated/prisma/client";
import type { FieldErrors } from "@/domain/errors";
import type { IntegrationScope } from "@/domain/scope";
import { payoutImport } from "@/i18n/catalogue/payout-import";
import { t, type Locale } from "@/i18n/locale";
import { serverTexts } from "@/i18n/server-texts";
import { parseDecimalInput } from "@/lib/decimal-input";
import { findEmployeeByEmail } from "./payout-input";
import { MAX_BULK } from "./payout-schemas";

export type ImportColumn = keyof (typeof payoutImport)["en"]["columns"];
const COLUMNS = Object.keys(payoutImport.en.columns).filter((c): c is ImportColumn => c in payoutImport.en.columns);

/** Every header the import knows, in either language, lower case: the column it names. */
const HEADERS = new Map<string, ImportColumn>(
  COLUMNS.flatMap((c) => [payoutImport.en.columns[c], payoutImport.sv.columns[c]].map((h): [string, ImportColumn] => [h.toLowerCase(), c])),
);

const FIGURES = ["amount", "invoiced_amount", "cost"] as const;
const TEXTS = ["id", "currency", "description", "start_at", "end_at"] as const;

/** A spreadsheet's date (a period's first or last day): the start of that day in UTC, as the dashboard's create sends it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The quote our exports put before a formula-looking cell (CSV injection), so that an export reads back as it was. */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r])/;

/** A problem of one cell (`column`: its header as the file writes it) or of the whole row (`column` null). */
export interface RowError {
  column: string | null;
  message: string;
}

export interface ImportRow {
  /** The row's number in the spreadsheet: the header is row 1. */
  line: number;
  /** The Payout body, as POST /v2/payouts/ takes it. */
  body: Record<string, unknown>;
  /** What the file names the Employee by (an id or an email), as written. */
  reference: string;
  /** The email of the Employee this row creates (none has it yet); null when the row names an existing one. */
  newEmployee: string | null;
  /** Problems found while reading, before any rule of the create is checked. */
  errors: RowError[];
}

export interface ImportFile {
  rows: ImportRow[];
  /** Problems of the file itself (unreadable, no Employee column, no rows, too many): nothing is checked then. */
  problems: string[];
  /** Each column's header as the file writes it, else as the reader's language writes it. */
  header: (column: ImportColumn) => string;
}

const cell = (row: Record<string, string | undefined>, column: ImportColumn) => row[column]?.trim().replace(ESCAPED_FORMULA, "") ?? "";

/**
 * Country names in English and Swedish (lower case) to their alpha-2 code, from the runtime's own names (Intl):
 * the library's name lists are JSON files, which the server's bundle cannot import as they are.
 */
const COUNTRY_NAMES = new Map<string, string>(
  ["en", "sv"].flatMap((lang) => {
    const names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
    return Object.keys(countries.getAlpha2Codes()).flatMap((code): [string, string][] => {
      const name = names.of(code);
      return name ? [[name.toLowerCase(), code]] : [];
    });
  }),
);

/** A country as a person writes it (SWE, SE, Sweden, Sverige) to ISO alpha-3; as written when it is none (the create names the error). */
export function readCountry(text: string): string {
  const upper = text.toUpperCase();
  if (/^[A-Z]{3}$/.test(upper)) return upper;
  const alpha2 = /^[A-Z]{2}$/.test(upper) ? upper : COUNTRY_NAMES.get(text.toLowerCase());
  return (alpha2 && countries.alpha2ToAlpha3(alpha2)) || text;
}

/** Papaparse's rows keyed by the columns the import knows; the headers as written, kept for the messages. */
function parse(text: string) {
  const written = new Map<ImportColumn, string>();
  const parsed = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => {
      const column = HEADERS.get(header.trim().toLowerCase());
      if (!column) return header;
      written.set(column, header.trim());
      return column;
    },
  });
  return { parsed, written };
}

/**
 * The rows of a CSV file, in `locale` (the reader's: messages, and the decimal mark unless the file's `;`
 * says comma). Emails are looked up in `tx`: a known one names its Employee by id.
 */
export async function readImportFile(tx: Prisma.TransactionClient, scope: IntegrationScope, text: string, locale: Locale): Promise<ImportFile> {
  const say = serverTexts(locale);
  const { parsed, written } = parse(text);
  const header = (column: ImportColumn) => written.get(column) ?? payoutImport[locale].columns[column];
  const problems = parsed.errors
    .filter((e) => e.type !== "FieldMismatch" && e.type !== "Delimiter")
    .map((e) => say("payoutImport.unreadable", { row: e.row === undefined ? 1 : e.row + 2, reason: e.message }));
  if (!written.has("employee") && !written.has("email")) {
    problems.push(say("payoutImport.noEmployeeColumn", { employee: header("employee"), email: header("email") }));
  }
  if (parsed.data.length === 0) problems.push(say("payoutImport.empty"));
  if (parsed.data.length > MAX_BULK) problems.push(t("payout_bulk_too_many", { max: MAX_BULK }, locale));
  if (problems.length) return { rows: [], problems, header };

  const decimalComma = parsed.meta.delimiter === ";" || locale === "sv";
  const known = new Map<string, string | null>();
  const rows: ImportRow[] = [];
  for (const [i, raw] of parsed.data.entries()) {
    const body: Record<string, unknown> = {};
    for (const column of FIGURES) {
      const value = cell(raw, column);
      if (value) body[column] = parseDecimalInput(value, decimalComma) ?? value;
    }
    for (const column of TEXTS) {
      const value = cell(raw, column);
      if (!value) continue;
      if (column === "currency") body[column] = value.toUpperCase();
      else if ((column === "start_at" || column === "end_at") && DAY.test(value)) body[column] = `${value}T00:00:00Z`;
      else body[column] = value;
    }
    const named = cell(raw, "employee");
    const email = cell(raw, "email") || (named.includes("@") ? named : "");
    const id = named.includes("@") ? "" : named;
    const row: ImportRow = { line: i + 2, body, reference: email || id, newEmployee: null, errors: [] };
    if (email) {
      const key = email.toLowerCase();
      if (!known.has(key)) known.set(key, (await findEmployeeByEmail(tx, scope, email))?.id ?? null);
      const existing = known.get(key);
      if (existing) body.employee = existing;
      else {
        const name = cell(raw, "name");
        const country = cell(raw, "country");
        for (const [column, value] of [
          ["name", name],
          ["country", country],
        ] as const) {
          if (!value) row.errors.push({ column: header(column), message: say("payoutImport.newEmployeeNeeds", { email }) });
        }
        if (name && country) {
          body.employee = { ...(id ? { id } : {}), name, email, country: readCountry(country) };
          row.newEmployee = key;
        }
      }
    } else if (id) body.employee = id;
    else row.errors.push({ column: header(written.has("employee") ? "employee" : "email"), message: say("payoutImport.employeeMissing") });
    rows.push(row);
  }
  return { rows, problems: [], header };
}

const isColumn = (field: string): field is ImportColumn => (COLUMNS as readonly string[]).includes(field);

/**
 * The create's field errors of a row, each under the column it came from: an inline Employee's name, email and
 * country under theirs (its id under the Employee column), the Employee under the column that named it.
 * Errors of the Employee are left out when reading already said what is wrong with it.
 */
export function rowErrors(file: ImportFile, row: ImportRow, errors: FieldErrors): RowError[] {
  const out: RowError[] = [...row.errors];
  const employeeColumn = row.reference.includes("@") ? file.header("email") : file.header("employee");
  const add = (column: string | null, value: string[] | FieldErrors) => {
    if (Array.isArray(value)) for (const message of value) out.push({ column, message });
    else for (const [field, nested] of Object.entries(value)) add(column ?? field, nested);
  };
  for (const [field, value] of Object.entries(errors)) {
    if (field === "employee") {
      if (row.errors.length) continue;
      if (Array.isArray(value)) add(employeeColumn, value);
      else
        for (const [inner, nested] of Object.entries(value))
          add(inner === "id" ? file.header("employee") : isColumn(inner) ? file.header(inner) : employeeColumn, nested);
    } else add(isColumn(field) ? file.header(field) : null, value);
  }
  return out;
}
