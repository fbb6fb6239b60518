import { z } from "zod";
import { ZCountryAlpha3, ZEmail } from "@/domain/shared/contact-fields";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { requiredText, ZId, ZMetadata, ZMetadataOutput, ZTimestamp, writeRequests } from "@/domain/shared/schemas";

export const ZRegistration = z
  .object({
    id: z.string(),
    integration_id: z.string().meta({ description: "id of the Integration created on approval" }),
    needs_review: z.boolean().meta({ description: "read-only; true until the Registration is approved" }),
    email: z.string(),
    phone_number: z.string().meta({ description: "E.164, e.g. +4532123456" }),
    friendly_name: z.string(),
    registered_name: z.string(),
    tin_number: z.string(),
    vat_number: z.string().nullable(),
    country: z.string().meta({ description: "ISO 3166-1 alpha-3" }),
    state: z.string().nullable().meta({ description: "ISO 3166-2 subdivision code without the country prefix, e.g. CA" }),
    address_line_1: z.string(),
    address_line_2: z.string(),
    zip_code: z.string(),
    city: z.string(),
    metadata: ZMetadataOutput,
    rejection_reason: z.string().nullable().meta({ description: "why the review team rejected it; cleared when the Registration is edited" }),
    created_at: ZTimestamp,
  })
  .meta({ id: "Registration" });
export type TRegistration = z.infer<typeof ZRegistration>;

// Country-dependent rules (country, state, tin, vat, phone) are checked by registration-validation.ts on the
// whole Registration; these schemas check shapes only. `needs_review` is read-only: unknown keys are dropped.
const fields = {
  id: ZId.optional().meta({ description: "defaults to integration_id" }),
  integration_id: ZId.optional().meta({ description: "defaults to a random UUID; unique per account and environment" }),
  email: ZEmail,
  phone_number: requiredText(32),
  friendly_name: requiredText(255),
  registered_name: requiredText(255),
  tin_number: requiredText(64),
  vat_number: z.string().trim().max(64).nullish(),
  country: ZCountryAlpha3.meta({ description: "ISO 3166-1 alpha-3; SWE is not accepted" }),
  state: z.string().trim().max(255).nullish().meta({ description: "required for US, CA, AU, BR, MX, IN, CN, JP" }),
  address_line_1: requiredText(255),
  address_line_2: z.string().trim().max(255).nullish(),
  zip_code: requiredText(16),
  city: requiredText(255),
  metadata: ZMetadata.optional(),
};

export const ZRegistrationLookup = z.object({ registration_id: z.string() });
export const {
  create: ZCreateRegistrationRequest,
  update: ZUpdateRegistrationRequest,
  replace: ZReplaceRegistrationRequest,
} = writeRequests(ZRegistrationLookup, fields);
export type TCreateRegistrationRequest = z.infer<typeof ZCreateRegistrationRequest>;

export const ZListRegistrationsQuery = ZPageQuery;
export type TListRegistrationsQuery = z.infer<typeof ZListRegistrationsQuery>;

export const ZRegistrationList = listEnvelope(ZRegistration);
