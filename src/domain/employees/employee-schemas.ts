import { z } from "zod";
import { ZCountryAlpha3, ZEmail } from "@/domain/shared/contact-fields";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { requiredText, ZId, ZMetadata, ZMetadataOutput, writeRequests } from "@/domain/shared/schemas";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";

import { EMPLOYEE_STATUSES } from "@/domain/status/status-rules";

export const ZEmployee = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    cellphone_number: z.string().nullable().meta({ description: "E.164, e.g. +46701234567" }),
    country: z.string().meta({ description: "ISO 3166 alpha-3" }),
    metadata: ZMetadataOutput,
    created_at: z.string(),
    notified_at: z.string().nullable(),
    claimed_at: z.string().nullable(),
    verified_at: z.string().nullable(),
    invitation_code: z.string().nullable().meta({ description: "8 characters; set until the Employee claims the invitation" }),
    latest_status: z.enum(EMPLOYEE_STATUSES).meta({
      description: "created (invitation on its way), not_invited (no email to invite), invited (notified), onboarding (claimed), active (verified)",
    }),
  })
  .meta({ id: "Employee" });
export type TEmployee = z.infer<typeof ZEmployee>;

const fields = {
  id: ZId.optional(),
  name: requiredText(255),
  email: ZEmail,
  country: ZCountryAlpha3,
  cellphone_number: z.string().trim().max(32).nullish(),
  metadata: ZMetadata.optional(),
};

export const ZEmployeeLookup = z.object({ employee_id: z.string() });
export const { create: ZCreateEmployeeRequest, update: ZUpdateEmployeeRequest, replace: ZReplaceEmployeeRequest } = writeRequests(ZEmployeeLookup, fields);
export type TCreateEmployeeRequest = z.infer<typeof ZCreateEmployeeRequest>;

export const EMPLOYEE_TIMESTAMPS = ["created_at", "notified_at", "claimed_at", "verified_at"] as const;

export const ZListEmployeesQuery = ZPageQuery.extend({
  ...timestampFilterShape(EMPLOYEE_TIMESTAMPS),
  search: z.string().trim().max(255).optional().meta({ description: "Part of the name, email or cellphone number" }),
});
export type TListEmployeesQuery = z.infer<typeof ZListEmployeesQuery>;

export const ZEmployeeList = listEnvelope(ZEmployee);

/** The dashboard's bulk resend of invitations (no REST path; the API resends one Employee at a time). */
export const ZBulkResendInput = z.object({ employee_ids: z.array(z.string()).min(1).max(500) });
export const ZBulkResendResult = z.object({
  sent: z.array(z.string()),
  skipped: z.array(z.object({ id: z.string(), reason: z.enum(["too_soon", "not_found", "claimed"]), retry_at: z.string().nullable() })),
});
export type TBulkResendResult = z.infer<typeof ZBulkResendResult>;
