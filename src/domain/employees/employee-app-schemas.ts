/** Outputs of the employee app's and the review team's Employee procedures (dashboard only, no REST). */
import { z } from "zod";
import { ENVIRONMENTS } from "@/domain/environments";
import { ZMetadataOutput, ZTimestamp } from "@/domain/shared/schemas";
import { ZEmployee } from "./employee-schemas";
import { REVEALABLE } from "./sensitive-reveal";

export const ZOk = z.object({ ok: z.literal(true) });

export const ZEmployeeHome = z.object({
  employee: ZEmployee,
  integration: z.object({ name: z.string(), logo: z.string().nullable(), environment: z.enum(ENVIRONMENTS) }),
  messages: z.array(z.object({ id: z.string(), content: z.string(), created_at: z.string() })),
});

export const ZPendingVerification = z.object({
  pk: z.string(),
  employee: ZEmployee,
  integration: z.object({ id: z.string(), name: z.string() }),
  account: z.string(),
});

export const ZLinkToken = z.object({ token: z.string().min(1).max(200) });

export const ZLinkPreview = z.object({ claims: z.boolean(), name: z.string(), integration: z.string() });

/** The claim form's details as anyone but the revealing reviewer sees them: the numbers masked. */
export const ZMaskedClaimDetails = z.object({
  name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  city: z.string(),
  /** "19900101-****". */
  identity_number: z.string(),
  /** "****1234". */
  bank_account: z.string(),
  bank_name: z.string(),
  submitted_at: ZTimestamp,
  bank_changed_at: ZTimestamp.nullable(),
});

export const ZReviewState = z.enum(["unclaimed", "pending", "rejected", "verified"]);

export const ZEmployeeDetails = z.object({
  details: ZMaskedClaimDetails.nullable(),
  review: ZReviewState,
  rejection_reason: z.string().nullable(),
  bank_change_until: ZTimestamp,
});

/** What the review team's page checked automatically (null: nothing to check, no details were given). */
export const ZClaimChecks = z.object({
  identity_number_valid: z.boolean(),
  coordination_number: z.boolean(),
  age: z.number().int().nullable(),
  age_at_least_16: z.boolean(),
  bank_account_valid: z.boolean(),
  bank_name: z.string().nullable(),
  /** Why the bank account fails (in the reader's language), null when it passes. */
  bank_account_problem: z.string().nullable(),
  name_matches: z.boolean(),
});

export const ZReveal = z.object({
  field: z.enum(REVEALABLE),
  reviewer_id: z.string().nullable(),
  reviewer_email: z.string(),
  created_at: ZTimestamp,
});

export const ZEmployeeDecision = z.object({
  decision: z.enum(["approved", "rejected"]),
  reason: z.string().nullable(),
  reviewer_id: z.string().nullable(),
  reviewer_email: z.string(),
  created_at: ZTimestamp,
});

/** The reviewer's detail view: what was collected at claim, where the Employee belongs, and the decisions. */
export const ZEmployeeReview = z.object({
  pk: z.string(),
  employee: ZEmployee,
  metadata: ZMetadataOutput,
  status: ZReviewState,
  details: ZMaskedClaimDetails.nullable(),
  checks: ZClaimChecks.nullable(),
  reveals: z.array(ZReveal),
  notified_at: ZTimestamp.nullable(),
  claimed_at: ZTimestamp.nullable(),
  rejected_at: ZTimestamp.nullable(),
  integration: z.object({ id: z.string(), name: z.string(), environment: z.enum(ENVIRONMENTS) }),
  account: z.string(),
  decisions: z.array(ZEmployeeDecision),
});

export const ZEmployeeLookup = z.object({ employeePk: z.uuid() });
export const ZRejectEmployee = ZEmployeeLookup.extend({ reason: z.string().trim().min(1).max(1000) });

export const ZRevealDetail = ZEmployeeLookup.extend({ field: z.enum(REVEALABLE) });
/** The full value: "19900101-1239", or "8327-9 1234567890" (clearing and account). */
export const ZRevealed = z.object({ field: z.enum(REVEALABLE), value: z.string() });
