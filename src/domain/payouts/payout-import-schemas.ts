import { z } from "zod";

/** The most rows one create call takes: the dashboard creates a file in chunks of this size, and shows the count as each is done. */
export const IMPORT_CHUNK = 50;

/** A CSV file as the dashboard read it from disk (at most MAX_BULK rows; 2 MB is far above that). */
const ZCsvText = z.string().max(2_000_000);

export const ZImportPreviewInput = z.object({ csv: ZCsvText });

const ZRowError = z.object({
  column: z.string().nullable().meta({ description: "The column's header as the file writes it; null for the row as a whole" }),
  message: z.string(),
});

export const ZImportPreview = z.object({
  /** Problems of the file itself: when there are any, no row was checked. */
  problems: z.array(z.string()),
  rows: z.array(
    z.object({
      line: z.number().int().meta({ description: "The row's number in the spreadsheet (the header is row 1)" }),
      employee_name: z.string().nullable(),
      /** What the file names the Employee by: an email or an id. */
      reference: z.string(),
      new_employee: z.boolean(),
      description: z.string(),
      currency: z.string(),
      amount: z.string().nullable(),
      cost: z.string().nullable(),
      errors: z.array(ZRowError),
    }),
  ),
  /** Totals of the valid rows per currency, priced as the create will price them. */
  totals: z.array(
    z.object({
      currency: z.string(),
      count: z.number().int(),
      amount: z.string(),
      fee: z.string(),
      cost: z.string(),
      vat: z.string(),
      total: z.string().meta({ description: "cost plus VAT" }),
    }),
  ),
  new_employees: z.number().int(),
  /** How many rows to send to each create call (IMPORT_CHUNK). */
  chunk: z.number().int(),
});
export type TImportPreview = z.infer<typeof ZImportPreview>;

export const ZImportCreateInput = z.object({
  csv: ZCsvText,
  /** One per import (the dashboard makes it): a chunk sent again with the same key is not created twice. */
  key: z.uuid(),
  /** The rows to create: indexes into the file's rows, `to` excluded. */
  from: z.number().int().min(0),
  to: z.number().int().min(1),
});
export type TImportCreateInput = z.infer<typeof ZImportCreateInput>;

export const ZImportCreateResult = z.object({
  /** The rows created (or found created by an earlier call with the same key); none when `errors` has any. */
  created: z.array(z.object({ line: z.number().int(), id: z.string() })),
  /** True when the chunk had been created already (a retry): nothing new was written. */
  already: z.boolean(),
  payruns: z.array(z.object({ id: z.string(), name: z.string().nullable(), currency: z.string(), created_at: z.string() })),
  /** Why the chunk was not created, per row: nothing of it was written. */
  errors: z.array(z.object({ line: z.number().int(), errors: z.array(ZRowError) })),
});
export type TImportCreateResult = z.infer<typeof ZImportCreateResult>;

export const ZImportTemplate = z.object({ filename: z.string(), csv: z.string() });
export type TImportTemplate = z.infer<typeof ZImportTemplate>;
