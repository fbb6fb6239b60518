/** The dashboard's view of API keys: never the key itself after creation, only its prefix. */
import { z } from "zod";
import { ZTimestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { parseCidr } from "./api-key-service";

export const ZApiKey = z.object({
  pk: z.uuid(),
  prefix: z.string(),
  environment: z.enum(["live", "demo"]),
  allow_ips: z.array(z.string()),
  created_at: ZTimestamp,
  last_used_at: ZTimestamp.nullable(),
  revoked_at: ZTimestamp.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

/** The CLI's rule (`keys create --allow-ip`): each entry an address or a CIDR range; none means any address. */
export const ZCreateApiKeyRequest = z.object({
  environment: z.enum(["live", "demo"]),
  allow_ips: z
    .array(z.string().trim().max(64))
    .max(50)
    .default([])
    .superRefine((list, ctx) => {
      for (const value of list) if (!parseCidr(value)) ctx.addIssue({ code: "custom", message: t("allow_ip_invalid", { value }) });
    }),
});

export const ZCreatedApiKey = z.object({ key: z.string(), api_key: ZApiKey });
export const ZApiKeyLookup = z.object({ pk: z.uuid() });
