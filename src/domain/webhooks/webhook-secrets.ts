/**
 * Rolling a subscription's secret without downtime: the new secret signs at once, and the previous one signs
 * beside it (a second `v1` in Service-Signature) until it expires, so a receiver can switch when it likes.
 */
import type { Db } from "@/db/database";
import { lockFound } from "@/domain/shared/row-lock";
import { getWebhook, newSecretKey, recordWebhookChange, webhookSelect, type WebhookRow, type WebhookScope } from "./webhook-service";
import type { AuditBy } from "@/domain/audit/audit-record";

/** `expireMinutes` (0 to 10080): how long the previous secret keeps signing; 0 ends it at once. `now`: the clock's time. */
export async function rollSecret(db: Db, scope: WebhookScope, id: string, expireMinutes: number, by: AuditBy): Promise<WebhookRow> {
  const now = by.at;
  const current = await getWebhook(db, scope, id);
  return db.$transaction(async (tx) => {
    await lockFound(tx, "webhook_subscription", current, id);
    // Read under the lock: a roll that committed meanwhile made its new secret the one to keep.
    const { secretKey } = await tx.webhookSubscription.findUniqueOrThrow({ where: { pk: current.pk }, select: { secretKey: true } });
    const keep = expireMinutes > 0;
    const row = await tx.webhookSubscription.update({
      where: { pk: current.pk },
      data: {
        secretKey: newSecretKey(),
        previousSecretKey: keep ? secretKey : null,
        previousSecretExpiresAt: keep ? new Date(now.getTime() + expireMinutes * 60_000) : null,
      },
      select: webhookSelect,
    });
    // Named as the API's parameter: a field name with "secret" in it is dropped by the audit log (audit-record.ts).
    await recordWebhookChange(tx, scope, by, { action: "webhook.secret_rolled", row, after: { expire_previous_in_minutes: expireMinutes } });
    return row;
  });
}

/** The secrets a delivery signed at `now` carries besides the current one: the previous one until it expires. */
export function previousSecrets(
  subscription: { secretKey: string; previousSecretKey: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const { previousSecretKey: previous, previousSecretExpiresAt: until } = subscription;
  return previous && until && new Date(until).getTime() > now.getTime() ? [previous] : [];
}
