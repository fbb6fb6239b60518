import type { TrpcError } from "./trpc";

export type FieldMessages = Record<string, string[]>;

/** The server's field errors (`error.data.fieldErrors`, DRF-shaped), flattened to the top-level fields. */
export function fieldMessages(error: TrpcError | null): FieldMessages {
  const out: FieldMessages = {};
  const nested = error?.data?.fieldErrors;
  if (!nested) return out;
  for (const [field, value] of Object.entries(nested)) {
    out[field] = Array.isArray(value) ? value : Object.values(value).flat().filter((m): m is string => typeof m === "string");
  }
  return out;
}

/** A form's values turned into request fields, or the form's own messages when they cannot be sent. */
export type Checked<F> = { ok: true; fields: F } | { ok: false; errors: FieldMessages };
