import { z } from "zod";
import { ZImageInput } from "@/domain/files/image-upload";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { ZCurrency } from "@/domain/pricing/money";
import { requiredText, ZId, ZMetadata, ZMetadataOutput, writeRequests } from "@/domain/shared/schemas";

/** Integration types: 1 the account's web-app Integration, 2 an invoice Integration (read-only), 3 created through the API. */
export const INTEGRATION_TYPES = [1, 2, 3] as const;

/** Billing settings' defaults (also the columns' defaults, prisma/schema.prisma). */
export const DEFAULT_PAYMENT_TERM_DAYS = 14;
export const DEFAULT_INVOICE_ENABLED = true;
export const DEFAULT_PAYRUN_MANAGEMENT = false;
export const DEFAULT_CURRENCY = "SEK";

export const ZIntegration = z
  .object({
    id: z.string(),
    name: z.string(),
    type: z.number().int().meta({ description: "1: web-app Integration, 2: invoice Integration (read-only), 3: API-created" }),
    logo: z.string().nullable().meta({ description: "URL of the logo image" }),
    metadata: ZMetadataOutput,
    email: z.string(),
    recipient: z.string(),
    address_line_1: z.string(),
    address_line_2: z.string().nullable(),
    zip_code: z.string(),
    city: z.string(),
    payment_term_days: z.number().int().meta({ description: "Days from issue to an Invoice's due date (default 14)" }),
    invoice_enabled: z.boolean().meta({ description: "Whether POST /v2/invoices/{id}/issue/ may issue its Invoices (default true)" }),
    payrun_management: z
      .boolean()
      .meta({ description: "Whether it may create explicit Payruns (POST /v2/payruns/) and name a Payrun on a Payout (default false)" }),
    currency: z
      .string()
      .meta({ description: "The organisation currency: the default of explicit Payruns and the currency of /v2/payruns/open/ (default SEK)" }),
  })
  .meta({ id: "Integration" });
export type TIntegration = z.infer<typeof ZIntegration>;

const fields = {
  id: ZId.optional(),
  name: requiredText(255),
  logo: ZImageInput.meta({ description: "base64 (or a data: URL) in JSON; a file in multipart/form-data" }),
  metadata: ZMetadata.optional(),
  email: z.string().trim().max(254).pipe(z.email()),
  recipient: requiredText(255),
  address_line_1: requiredText(255),
  address_line_2: z.string().trim().max(255).nullish(),
  zip_code: requiredText(16),
  city: requiredText(255),
  payment_term_days: z.coerce.number().int().min(0).max(365).optional(),
  invoice_enabled: z.union([z.boolean(), z.stringbool()]).optional(),
  payrun_management: z.union([z.boolean(), z.stringbool()]).optional(),
  currency: ZCurrency.optional(),
};

export const ZIntegrationLookup = z.object({ integration_id: z.string() });
export const {
  create: ZCreateIntegrationRequest,
  update: ZUpdateIntegrationRequest,
  replace: ZReplaceIntegrationRequest,
} = writeRequests(ZIntegrationLookup, fields);
export type TCreateIntegrationRequest = z.infer<typeof ZCreateIntegrationRequest>;

export type TUpdateIntegrationRequest = z.infer<typeof ZUpdateIntegrationRequest>;

export const ZListIntegrationsQuery = ZPageQuery.extend({
  type: z.coerce
    .number()
    .int()
    .pipe(z.union(INTEGRATION_TYPES.map((n) => z.literal(n))))
    .optional(),
});
export type TListIntegrationsQuery = z.infer<typeof ZListIntegrationsQuery>;

export const ZIntegrationList = listEnvelope(ZIntegration);
