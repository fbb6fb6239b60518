/**
 * Request bodies as plain values: JSON, application/x-www-form-urlencoded and multipart/form-data
 * (files become File objects). Form values for list fields become lists.
 */
import type http from "node:http";
import type { z } from "zod";
import { DomainError } from "@/domain/errors";
import { t } from "@/i18n/locale";
import { MAX_BODY_DEPTH } from "@/domain/shared/json-limits";
import { isListField } from "./routes";

export const MAX_BODY_BYTES = 5 * 1024 * 1024;

export async function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new DomainError("payload_too_large", t("body_too_large", { limit: "5 MB" }));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new DomainError("payload_too_large", t("body_too_large", { limit: "5 MB" }));
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

type FormValue = string | File;

export function formToObject(entries: Iterable<[string, FormValue]>, schema: z.ZodType): Record<string, unknown> {
  // Keys are the client's: no prototype, so that "constructor" or "__proto__" are plain fields.
  const out = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of entries) {
    const prev = out[key];
    if (prev === undefined) out[key] = isListField(schema, key) ? [value] : value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}

export async function parseBody(req: http.IncomingMessage, raw: Buffer, schema: z.ZodType): Promise<unknown> {
  // The media type is case-insensitive; its parameters (a multipart boundary) are kept as sent.
  const contentType = req.headers["content-type"] ?? "";
  const mediaType = contentType.split(";")[0].trim().toLowerCase();
  if (raw.length === 0 && mediaType !== "multipart/form-data") return undefined;
  if (mediaType === "application/json" || mediaType.endsWith("+json") || mediaType === "") {
    try {
      return JSON.parse(raw.toString("utf8"));
    } catch (e) {
      // V8's parser does not recurse today; should one ever run out of stack, the client still gets a clear 400.
      const reason = e instanceof RangeError ? t("nested_too_deeply", { max: MAX_BODY_DEPTH }) : e instanceof Error ? e.message : "invalid JSON";
      throw new DomainError("validation", t("json_parse_error", { reason }));
    }
  }
  if (mediaType === "application/x-www-form-urlencoded") {
    return formToObject(new URLSearchParams(raw.toString("utf8")), schema);
  }
  if (mediaType === "multipart/form-data") {
    // undici's Request parses multipart for us; it needs the original content-type with its boundary.
    try {
      const form = await new Request("http://local/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(raw) }).formData();
      return formToObject(form.entries(), schema);
    } catch (e) {
      throw new DomainError("validation", t("json_parse_error", { reason: e instanceof Error ? e.message : "invalid multipart body" }));
    }
  }
  throw new DomainError("unsupported_media_type", t("unsupported_media_type", { type: mediaType }));
}

/** Query parameters as an object: repeated keys (and list fields) become lists. */
export function queryToObject(params: URLSearchParams, schema: z.ZodType): Record<string, unknown> {
  return formToObject(params, schema);
}
