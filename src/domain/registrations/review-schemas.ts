/** The review team's view of Registrations (dashboard only: operators see every account and environment). */
import { z } from "zod";
import { ENVIRONMENTS } from "@/domain/environments";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { requiredText, ZTimestamp } from "@/domain/shared/schemas";
import { ZRegistration } from "./registration-schemas";
import { ZFieldCheck } from "./registration-validation";

/** pending: awaiting a decision; rejected: awaiting the registrant's edit; approved: done. */
export const REVIEW_STATUSES = ["pending", "rejected", "approved"] as const;
export type TReviewStatus = (typeof REVIEW_STATUSES)[number];

export const ZReviewLookup = z.object({ pk: z.guid() });

export const ZReviewQueueQuery = ZPageQuery.extend({
  status: z.enum([...REVIEW_STATUSES, "all"]).default("pending"),
  environment: z.enum(ENVIRONMENTS).optional(),
  search: z.string().trim().max(255).optional().meta({ description: "Part of the friendly or registered name, tin or vat number, email or id" }),
});
export type TReviewQueueQuery = z.infer<typeof ZReviewQueueQuery>;

export const ZReviewItem = z.object({
  pk: z.string(),
  account: z.object({ pk: z.string(), name: z.string() }),
  environment: z.enum(ENVIRONMENTS),
  status: z.enum(REVIEW_STATUSES),
  rejected_at: ZTimestamp.nullable(),
  verified_at: ZTimestamp.nullable(),
  updated_at: ZTimestamp,
  registration: ZRegistration,
});
export type TReviewItem = z.infer<typeof ZReviewItem>;

export const ZReviewQueue = listEnvelope(ZReviewItem);

export const ZDecision = z.object({
  /** "edited": the registrant changed the fields named in `reason`. */
  decision: z.enum(["approved", "rejected", "edited"]),
  reason: z.string().nullable(),
  reviewer_id: z.string().nullable(),
  reviewer_email: z.string(),
  created_at: ZTimestamp,
});
export type TDecision = z.infer<typeof ZDecision>;

export const ZReviewDetail = ZReviewItem.extend({
  /** Every checked field with its state, re-computed now with the current rules. */
  checks: z.array(ZFieldCheck),
  decisions: z.array(ZDecision),
});
export type TReviewDetail = z.infer<typeof ZReviewDetail>;

export const ZRejectRequest = ZReviewLookup.extend({ reason: requiredText(2000) });
