/** Any error thrown while serving a /v2/ request, as the response clients get (DRF shapes; never a stack). */
import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { DomainError, fieldErrorsFromZod, type FieldErrors } from "@/domain/errors";
import { t } from "@/i18n/locale";
import type { Logger } from "@/log";

export interface ErrorResult {
  status: number;
  /** An object, or for a bulk request an array with one entry per item. */
  body: Record<string, unknown> | FieldErrors[];
  headers: Record<string, string>;
}

const TRPC_STATUS: Partial<Record<TRPCError["code"], number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
};

export function errorResult(e: unknown, requestId: string, log: Logger): ErrorResult {
  const cause = e instanceof TRPCError ? e.cause : e;
  if (cause instanceof DomainError) return { status: cause.status, body: cause.items ?? cause.toJSON(), headers: cause.headers };
  if (cause instanceof z.ZodError) return { status: 400, body: fieldErrorsFromZod(cause), headers: {} };
  if (e instanceof TRPCError) {
    const status = TRPC_STATUS[e.code];
    if (status) return { status, body: { detail: e.message }, headers: {} };
  }
  log.error({ err: e, requestId }, "unhandled error");
  return { status: 500, body: { detail: t("server_error", { requestId }) }, headers: {} };
}
