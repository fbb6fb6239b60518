/** API keys managed in the dashboard by the account's admins (no REST paths: a key cannot mint keys). */
import { z } from "zod";
import { auditActorOf } from "@/trpc/audit-actor";
import { DomainError } from "@/domain/errors";
import { timestamp } from "@/domain/shared/schemas";
import { t } from "@/i18n/locale";
import { accountWideProcedure, router } from "@/trpc/init";
import { createApiKey, findAccountApiKey, listAccountApiKeys, revokeAccountApiKey } from "./api-key-service";
import { ZApiKey, ZApiKeyLookup, ZCreateApiKeyRequest, ZCreatedApiKey, type TApiKey } from "./api-key-schemas";

type Row = Awaited<ReturnType<typeof listAccountApiKeys>>[number];
const toApi = (k: Row): TApiKey => ({
  pk: k.pk,
  prefix: k.prefix,
  environment: k.environment,
  allow_ips: k.allowIps,
  created_at: timestamp(k.createdAt),
  last_used_at: timestamp(k.lastUsedAt),
  revoked_at: timestamp(k.revokedAt),
});

export const apiKeyRouter = router({
  list: accountWideProcedure.output(z.array(ZApiKey)).query(async ({ ctx }) => (await listAccountApiKeys(ctx.db, ctx.scope.accountPk)).map(toApi)),
  create: accountWideProcedure
    .input(ZCreateApiKeyRequest)
    .output(ZCreatedApiKey)
    .mutation(async ({ ctx, input }) => {
      const created = await createApiKey(
        ctx.db,
        { accountPk: ctx.scope.accountPk, environment: input.environment, allowIps: input.allow_ips },
        { actor: auditActorOf(ctx), at: ctx.clock.now() },
      );
      const row = await findAccountApiKey(ctx.db, ctx.scope.accountPk, created.pk);
      if (!row) throw new DomainError("not_found", t("api_key_not_found"));
      return { key: created.key, api_key: toApi(row) };
    }),
  revoke: accountWideProcedure
    .input(ZApiKeyLookup)
    .output(z.object({ ok: z.literal(true) }))
    .mutation(async ({ ctx, input }) => {
      if (!(await revokeAccountApiKey(ctx, ctx.scope.accountPk, input.pk, auditActorOf(ctx)))) throw new DomainError("not_found", t("api_key_not_found"));
      return { ok: true as const };
    }),
});
