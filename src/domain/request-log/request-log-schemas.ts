/** The request log as the dashboard reads it (no REST paths: a key does not read the account's log). */
import { z } from "zod";
import { ZInstantInput, ZTimestamp } from "@/domain/shared/schemas";

export const STATUS_CLASSES = ["2xx", "4xx", "5xx"] as const;
export const LOGGED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const MAX_LOG_PAGE = 100;

export const ZListRequestLogsQuery = z.object({
  status_class: z.enum(STATUS_CLASSES).optional(),
  method: z.enum(LOGGED_METHODS).optional(),
  /** A path prefix, e.g. "/v2/employees/". */
  path: z.string().trim().max(2048).optional(),
  /** The key that made the requests. */
  api_key: z.uuid().optional(),
  created_gte: ZInstantInput.optional(),
  created_lt: ZInstantInput.optional(),
  /** The `next_cursor` of the previous page (older records). */
  cursor: z.string().max(200).optional(),
  limit: z.number().int().min(1).max(MAX_LOG_PAGE).default(50),
});
export type TListRequestLogsQuery = z.infer<typeof ZListRequestLogsQuery>;

export const ZRequestLogLookup = z.object({ pk: z.uuid() });
export const ZRequestIdLookup = z.object({ request_id: z.string().trim().min(1).max(128) });

/** Who made a request: one of the account's keys, or a dashboard person browsing /v2/. */
export const ZRequestActor = z.object({
  api_key: z.object({ pk: z.string(), prefix: z.string() }).nullable(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
});

export const ZRequestLogEntry = z.object({
  pk: z.string(),
  created_at: ZTimestamp,
  environment: z.enum(["live", "demo"]),
  actor: ZRequestActor,
  method: z.string(),
  path: z.string(),
  route: z.string().nullable(),
  status: z.number().int(),
  duration_ms: z.number(),
  request_id: z.string(),
  idempotency_key: z.string().nullable(),
  client_ip: z.string(),
  user_agent: z.string().nullable(),
  /** Whether bodies were kept (answers of 400 and above). */
  has_bodies: z.boolean(),
});
export type TRequestLogEntry = z.infer<typeof ZRequestLogEntry>;

export const ZRequestLogDetail = ZRequestLogEntry.extend({
  request_body: z.string().nullable(),
  response_body: z.string().nullable(),
});
export type TRequestLogDetail = z.infer<typeof ZRequestLogDetail>;

export const ZRequestLogPage = z.object({
  results: z.array(ZRequestLogEntry),
  /** The cursor of the next (older) page; null on the last. */
  next_cursor: z.string().nullable(),
});

export const ZRequestLogMatches = z.object({ results: z.array(ZRequestLogEntry) });
