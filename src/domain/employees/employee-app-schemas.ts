/** Outputs of the employee app's and the review team's Employee procedures (dashboard only, no REST). */
import { z } from "zod";
import { ENVIRONMENTS } from "@/domain/environments";
import { ZMetadataOutput, ZTimestamp } from "@/domain/shared/schemas";
import { ZEmployee } from "./employee-schemas";

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
  status: z.enum(["unclaimed", "pending", "rejected", "verified"]),
  notified_at: ZTimestamp.nullable(),
  claimed_at: ZTimestamp.nullable(),
  rejected_at: ZTimestamp.nullable(),
  integration: z.object({ id: z.string(), name: z.string(), environment: z.enum(ENVIRONMENTS) }),
  account: z.string(),
  decisions: z.array(ZEmployeeDecision),
});

export const ZEmployeeLookup = z.object({ employeePk: z.uuid() });
export const ZRejectEmployee = ZEmployeeLookup.extend({ reason: z.string().trim().min(1).max(1000) });
