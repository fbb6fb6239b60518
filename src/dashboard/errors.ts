import type { TrpcError } from "./trpc";

export type FieldMessages = Record<string, string[]>;

/** The server's field errors (`error.data.fieldErrors`, DRF-shaped), flattened to the top-level fields. */
export function fieldMessages(error: TrpcError | null): FieldMessages {
  const out: FieldMessages = {};
  const nested = error?.data?.fieldErrors;
  if (!nested) return out;
  for (const [field, value] of Object.entries(nested)) {
    out[field] = Array.isArray(value)
      ? value
      : Object.values(value)
          .flat()
          .filter((m): m is string => typeof m === "string");
  }
  return out;
}

/** A form's values turned into request fields, or the form's own messages when they cannot be sent. */
export type Checked<F> = { ok: true; fields: F } | { ok: false; errors: FieldMessages };

/** When a refused (429) request may be made again, from the server's Retry-After; null for any other error. */
export function retryAt(error: TrpcError | null, now = Date.now()): Date | null {
  const seconds = error?.data?.code === "TOO_MANY_REQUESTS" ? error.data.retryAfter : undefined;
  return seconds === undefined || !Number.isFinite(seconds) ? null : new Date(now + seconds * 1000);
}
