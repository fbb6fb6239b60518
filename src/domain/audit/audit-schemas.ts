/** The audit log as the dashboard reads it (no REST paths, no write procedures: records are never changed). */
import { z } from "zod";
import { AUDIT_ACTOR_KINDS } from "./audit-actions";
import { ZInstantInput, ZTimestamp } from "@/domain/shared/schemas";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/domain/shared/pagination";

export const ZAuditFilters = z.object({
  /** An action, or its prefix ("webhook." for every webhook action). */
  action: z.string().trim().max(100).optional(),
  /** Part of the actor's label (an email, a key prefix). */
  actor: z.string().trim().max(320).optional(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  /** The target's type ("webhook", "api_key", "user" …). */
  target_type: z.string().trim().max(50).optional(),
  /** Part of the target's id or label. */
  target: z.string().trim().max(320).optional(),
  at_gte: ZInstantInput.optional(),
  at_lt: ZInstantInput.optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZListAuditQuery = ZAuditFilters.extend({
  page: z.number().int().min(1).default(1),
  page_size: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type TListAuditQuery = z.infer<typeof ZListAuditQuery>;

const ZJsonFields = z.record(z.string(), z.unknown()).nullable();

export const ZAuditRecord = z.object({
  id: z.string(),
  at: ZTimestamp,
  environment: z.enum(["live", "demo"]).nullable(),
  actor: z.object({ kind: z.enum(AUDIT_ACTOR_KINDS), id: z.string().nullable(), label: z.string() }),
  source_ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  action: z.string(),
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  before: ZJsonFields,
  after: ZJsonFields,
});
export type TAuditRecord = z.infer<typeof ZAuditRecord>;

export const ZAuditPage = z.object({ count: z.number().int(), results: z.array(ZAuditRecord) });
