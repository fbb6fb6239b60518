/**
 * A subscription's health: enabled or disabled (by PATCH, or because every attempt has failed for
 * WEBHOOK_DISABLE_AFTER_MINUTES). `failing_since` is the first failed attempt since the last success; the
 * account's admins are told once a third of that time has passed, and again when it is disabled.
 */
import type { Prisma } from "@/generated/prisma/client";
import { at, qb, runIn, typed } from "@/db/query-builder";
import { enqueueJob } from "@/domain/outbox/outbox-service";
import type { WebhookSettings } from "@/config/webhook-settings";
import type { TDisabledReason, TWebhookStatus } from "./webhook-schemas";

export const WEBHOOK_NOTICE_JOB = "webhook.health_notice";

/** The health fields of the API representation, from the stored strings. */
export function healthOf(row: { status: string; disabledReason: string | null; disabledAt: Date | null }): {
  status: TWebhookStatus;
  disabled_reason: TDisabledReason | null;
  disabled_at: string | null;
} {
  const reason = row.disabledReason === "manual" || row.disabledReason === "failing" ? row.disabledReason : null;
  return row.status === "disabled"
    ? { status: "disabled", disabled_reason: reason, disabled_at: row.disabledAt?.toISOString() ?? null }
    : { status: "enabled", disabled_reason: null, disabled_at: null };
}

/**
 * What a PATCH or PUT with `status` changes: disabling by hand says so; enabling starts the failure clock
 * afresh. Asking for the status it already has changes nothing (a failing subscription keeps its reason).
 */
export function statusChange(current: string, wanted: TWebhookStatus | undefined, now: Date): Prisma.WebhookSubscriptionUpdateInput {
  if (wanted === undefined || wanted === current) return {};
  if (wanted === "disabled") return { status: "disabled", disabledReason: "manual", disabledAt: now };
  return { status: "enabled", disabledReason: null, disabledAt: null, failingSince: null, failingWarnedAt: null };
}

/** A disabled subscription's pending deliveries will not be sent: they end as failed now (their jobs find them so). */
export async function endPendingDeliveries(tx: Prisma.TransactionClient, subscriptionPk: string, now: Date): Promise<void> {
  await tx.webhookDelivery.updateMany({
    where: { subscriptionPk, status: "pending" },
    data: { status: "failed", completedAt: now, nextAttemptAt: null },
  });
}

/** The notice job's payload: which subscription, which notice, and the moments the email names. */
export interface HealthNotice extends Prisma.InputJsonObject {
  subscriptionPk: string;
  notice: "failing" | "disabled";
  since: string;
  /** When it will be (failing) or was (disabled) disabled. */
  disabledAt: string;
}

/**
 * A failed attempt, in the transaction that records it: starts the failure clock if it is not running, then
 * warns the admins at a third of WEBHOOK_DISABLE_AFTER_MINUTES and disables the subscription at all of it.
 * A subscription already disabled is left as it is.
 */
export async function recordFailure(tx: Prisma.TransactionClient, subscriptionPk: string, now: Date, settings: WebhookSettings): Promise<void> {
  const [row] = await runIn(
    tx,
    qb
      .updateTable("webhook_subscription")
      .set((eb) => ({ failing_since: eb.fn.coalesce("failing_since", at(now)) }))
      .where("pk", "=", typed(subscriptionPk, "uuid"))
      .where("status", "=", "enabled")
      .returning(["failing_since", "failing_warned_at"]),
  );
  if (!row?.failing_since) return;
  const since = new Date(row.failing_since);
  const limitMs = settings.disableAfterMinutes * 60_000;
  const elapsed = now.getTime() - since.getTime();
  const notice = (kind: HealthNotice["notice"], disabledAt: Date) =>
    enqueueJob(tx, {
      kind: WEBHOOK_NOTICE_JOB,
      payload: { subscriptionPk, notice: kind, since: since.toISOString(), disabledAt: disabledAt.toISOString() } satisfies HealthNotice,
      runAt: now,
    });
  if (elapsed >= limitMs) {
    await tx.webhookSubscription.update({
      where: { pk: subscriptionPk },
      data: { status: "disabled", disabledReason: "failing", disabledAt: now },
      select: { pk: true },
    });
    await endPendingDeliveries(tx, subscriptionPk, now);
    await notice("disabled", now);
  } else if (elapsed >= limitMs / 3 && row.failing_warned_at === null) {
    await tx.webhookSubscription.update({ where: { pk: subscriptionPk }, data: { failingWarnedAt: now }, select: { pk: true } });
    await notice("failing", new Date(since.getTime() + limitMs));
  }
}

/** A success stops the failure clock (a query for the caller's statement; it writes only rows whose clock runs). */
export function recoveredQuery(subscriptionPks: readonly string[]) {
  return qb
    .updateTable("webhook_subscription")
    .set({ failing_since: null, failing_warned_at: null })
    .where((eb) => eb("pk", "=", eb.fn.any(typed([...new Set(subscriptionPks)], "uuid[]"))))
    .where("failing_since", "is not", null);
}
