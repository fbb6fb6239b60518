/** Field schemas shared by every resource, so that one rule (ids, metadata, timestamps) lives in one place. */
import { z } from "zod";
import { t } from "@/i18n/locale";
import type { JsonValue } from "@/generated/prisma/internal/prismaNamespace";

/** Caller-chosen ids are strings; numbers are accepted and returned as strings (9472 -> "9472"). */
export const ZId = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(255).regex(/^[^/?#\s]+$/, { error: () => t("invalid_value") }));

/** Metadata as responses show it (the column always holds a JSON object). */
export const ZMetadataOutput = z.record(z.string(), z.json()).meta({ description: "Any JSON object; the service does not use it" });

/** Any JSON object; form-encoded clients send it as a JSON string. */
export const ZMetadata = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}, z.record(z.string(), z.json()));

/** ISO 8601 UTC with fractional seconds and a Z: `2026-11-22T10:00:00.000Z`. */
export const ZTimestamp = z.iso.datetime();

export function timestamp(d: Date): string;
export function timestamp(d: Date | null): string | null;
export function timestamp(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** A required string: blank is refused with DRF's "may not be blank". */
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/** A metadata column as the API shows it: always a JSON object. */
export function metadataOf(value: JsonValue): z.infer<typeof ZMetadataOutput> {
  const parsed = ZMetadataOutput.safeParse(value);
  return parsed.success ? parsed.data : {};
}
