/** The CSV import's template: the header and one example row, in the reader's language and CSV style. */
import { toCsv } from "@/domain/shared/csv-export";
import { payoutImport } from "@/i18n/catalogue/payout-import";
import type { Locale } from "@/i18n/locale";
import type { ImportColumn } from "./payout-import-read";
import type { TImportTemplate } from "./payout-import-schemas";

/** What a new row needs: the Employee (an existing one's id or email, or a new one's name, email and country) and the Payout. */
const TEMPLATE_COLUMNS = ["employee", "name", "email", "country", "amount", "currency", "description", "start_at", "end_at"] as const satisfies ImportColumn[];

export function importTemplate(locale: Locale): TImportTemplate {
  const texts = payoutImport[locale];
  const example: Record<(typeof TEMPLATE_COLUMNS)[number], string> = {
    employee: "",
    name: texts.example.name,
    email: texts.example.email,
    country: "SWE",
    amount: "1500.50",
    currency: "SEK",
    description: texts.example.description,
    start_at: "2026-06-12",
    end_at: "2026-06-12",
  };
  const headers = TEMPLATE_COLUMNS.map((c) => texts.columns[c]);
  const row = Object.fromEntries(TEMPLATE_COLUMNS.map((c) => [texts.columns[c], example[c]]));
  const { csv } = toCsv(headers, [row], { locale, decimals: [texts.columns.amount] });
  return { filename: texts.templateFile, csv };
}
