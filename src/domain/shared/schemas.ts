/** Field schemas shared by every resource, so that one rule (ids, metadata, timestamps) lives in one place. */
import { z } from "zod";
import { t } from "@/i18n/locale";
import type { JsonValue } from "@/generated/prisma/internal/prismaNamespace";
import { jsonIssues, MAX_METADATA_DEPTH } from "./json-limits";

/** Caller-chosen ids are strings; numbers are accepted and returned as strings (9472 -> "9472"). */
export const ZId = z
  .union([z.string(), z.number().int()])
  .transform((v) => String(v).trim())
  .pipe(
    z
      .string()
      .min(1)
      .max(255)
      .regex(/^[^/?#\s]+$/, { error: () => t("invalid_value") }),
  );

/** Any JSON value: one component of the OpenAPI document, which metadata in requests and responses refer to. */
const ZJsonValue = z.json().meta({ id: "JsonValue" });

/**
 * Metadata as responses show it. The column always holds a JSON object (jsonb, written through ZMetadata), so
 * its values are not checked again on the way out: zod's recursive JSON check of every value was a tenth of a
 * list's CPU. The document still says what the values are (the override), as for requests.
 */
export const ZMetadataOutput = z
  .record(z.string(), z.custom<z.infer<typeof ZJsonValue>>().meta({ override: { $ref: "#/components/schemas/JsonValue" } }))
  .meta({ description: "Any JSON object; the service does not use it" });

/**
 * Any JSON object of at most MAX_METADATA_DEPTH levels, without NUL characters or unpaired surrogates
 * (PostgreSQL's jsonb cannot hold them); form-encoded clients send it as a JSON string. The limits are
 * checked before zod's own (recursive) JSON check runs.
 */
export const ZMetadata = z.preprocess(
  (v, ctx) => {
    let value = v;
    if (typeof v === "string") {
      try {
        value = JSON.parse(v);
      } catch {
        return v;
      }
    }
    const issues = jsonIssues(value, { maxDepth: MAX_METADATA_DEPTH });
    for (const issue of issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path.map(String) });
    return issues.length ? z.NEVER : value;
  },
  z.record(z.string(), ZJsonValue),
);

/**
 * The instants the API takes, in dates, datetimes and filters: years 0001 to 9999 in UTC. PostgreSQL and
 * JavaScript both hold far more, but outside these years ISO 8601 needs an expanded (+/-) year that
 * neither the drivers nor most clients read back.
 */
export const MIN_INSTANT = new Date("0001-01-01T00:00:00.000Z");
export const MAX_INSTANT = new Date("9999-12-31T23:59:59.999Z");

export function isInstantInRange(d: Date): boolean {
  return d.getTime() >= MIN_INSTANT.getTime() && d.getTime() <= MAX_INSTANT.getTime();
}

export function instantRangeMessage(): string {
  return t("datetime_out_of_range", { min: "0001-01-01", max: "9999-12-31" });
}

/** An ISO 8601 datetime with an offset (`Z` or `+01:00`) as input, within MIN_INSTANT..MAX_INSTANT. */
export const ZInstantInput = z.iso.datetime({ offset: true }).transform((v, ctx) => {
  const date = new Date(v);
  if (!isInstantInRange(date)) {
    ctx.addIssue({ code: "custom", message: instantRangeMessage() });
    return z.NEVER;
  }
  return date;
});

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

/** `expand=<field>`, repeatable; one value may come as a string. Unknown names are ignored. */
export function ZExpandOf(fields: readonly string[]) {
  return z
    .preprocess((v) => (v === undefined ? [] : typeof v === "string" ? [v] : v), z.array(z.string().max(50)).max(10))
    .meta({ description: `Related objects to inline: ${fields.join(", ")}` });
}

/**
 * The write requests of a resource, one convention for all: create takes `fields`; PATCH (`update`) the
 * path's id (`lookup`) and any of them; PUT (`replace`) the id and the fields as create takes them.
 */
export function writeRequests<L extends z.ZodRawShape, F extends z.ZodRawShape>(lookup: z.ZodObject<L>, fields: F) {
  const create = z.object(fields);
  return { create, update: lookup.extend(create.partial().shape), replace: lookup.extend(fields) };
}
