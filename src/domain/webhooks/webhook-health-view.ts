/**
 * The dashboard's health badge: each subscription's state and, while its attempts keep failing, since when.
 * `failing_since` is not in the API's representation (subscriptions keep their shape); the badge alone reads it.
 */
import type { Db } from "@/db/database";
import { timestamp } from "@/domain/shared/schemas";
import { healthOf } from "./webhook-health";
import type { TWebhookHealth } from "./webhook-schemas";
import { visible, type WebhookScope } from "./webhook-service";

/** The health of the scope's subscriptions among `ids` (ids not visible in the scope are left out). */
export async function webhookHealth(db: Db, scope: WebhookScope, ids: readonly string[]): Promise<TWebhookHealth[]> {
  if (ids.length === 0) return [];
  const rows = await db.webhookSubscription.findMany({
    where: { ...visible(scope), id: { in: [...ids] } },
    select: { id: true, status: true, disabledReason: true, disabledAt: true, failingSince: true },
  });
  return rows.map((row) => ({ id: row.id, ...healthOf(row), failing_since: timestamp(row.failingSince) }));
}
