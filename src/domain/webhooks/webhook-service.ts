/**
 * Webhook subscriptions. Integration-scoped ones (created with Integration-ID) receive their Integration's
 * Employee, Payout and Payrun events; user-scoped ones (no Integration-ID) receive the account's
 * Registration events and may subscribe to nothing else. Listing with Integration-ID shows both scopes.
 */
import crypto from "node:crypto";
import type { Db } from "@/db/database";
import type { Prisma } from "@/generated/prisma/client";
import { DomainError, fieldError, notFound } from "@/domain/errors";
import { isUserScoped, type EventName } from "./event-catalogue";
import { countedPage, pageWindow, type TPageQuery } from "@/domain/shared/pagination";
import { metadataOf } from "@/domain/shared/schemas";
import { lockFound } from "@/domain/shared/row-lock";
import { withUniqueId } from "@/domain/shared/unique-id";
import { t } from "@/i18n/locale";
import type { AccountScope } from "@/domain/scope";
import type { TCreateWebhookRequest, TWebhook, TWebhookStatus } from "./webhook-schemas";
import type { PrivateTargets } from "@/config/webhook-settings";
import { resolveTarget, TargetRefused } from "./webhook-target";
import { endPendingDeliveries, healthOf, statusChange } from "./webhook-health";
import { changedFields, recordAudit, recordedAt, type AuditBy, type AuditEntry } from "@/domain/audit/audit-record";
import type { AuditAction } from "@/domain/audit/audit-actions";

export interface WebhookScope extends AccountScope {
  /** The Integration named by Integration-ID, or null for the account (user) scope. */
  integrationPk: string | null;
}

export const webhookSelect = {
  pk: true,
  id: true,
  url: true,
  events: true,
  secretKey: true,
  metadata: true,
  integrationPk: true,
  status: true,
  disabledReason: true,
  disabledAt: true,
} satisfies Prisma.WebhookSubscriptionSelect;
export type WebhookRow = Prisma.WebhookSubscriptionGetPayload<{ select: typeof webhookSelect }>;

export function toWebhookApi(row: WebhookRow): TWebhook {
  return { id: row.id, url: row.url, events: row.events, secret_key: row.secretKey, metadata: metadataOf(row.metadata), ...healthOf(row) };
}

export function newSecretKey(): string {
  return crypto.randomBytes(16).toString("hex"); // 32 characters
}

/** The subscriptions visible in a scope: an Integration's and the account's own, or only the account's. */
export function visible(scope: WebhookScope): Prisma.WebhookSubscriptionWhereInput {
  return {
    accountPk: scope.accountPk,
    environment: scope.environment,
    scopeKey: scope.integrationPk ? { in: [scope.integrationPk, "user"] } : "user",
  };
}

/** The same check as at delivery (webhook-target.ts); the message names the rule that applies to the key. */
async function checkTarget(url: string, scope: WebhookScope, privateTargets: PrivateTargets): Promise<void> {
  try {
    await resolveTarget(new URL(url), scope.environment, privateTargets);
  } catch (e) {
    if (!(e instanceof TargetRefused)) throw e;
    const key =
      e.reason === "unresolvable"
        ? "webhook_target_unresolvable"
        : scope.environment === "live"
          ? "webhook_target_private_live"
          : "webhook_target_private_demo";
    throw fieldError("url", t(key, { host: e.host }));
  }
}

/** Without an Integration, only the account's own (user-scoped) events can be subscribed to. */
function checkEvents(events: EventName[] | undefined, integrationPk: string | null): void {
  if (events && !integrationPk && !events.every(isUserScoped)) {
    throw new DomainError("validation", { events: [t("webhook_needs_integration")] });
  }
}

export async function listWebhooks(db: Db, scope: WebhookScope, q: TPageQuery) {
  const where = visible(scope);
  return countedPage(
    db.webhookSubscription.count({ where }),
    db.webhookSubscription.findMany({ where, select: webhookSelect, orderBy: [{ createdAt: "asc" }, { pk: "asc" }], ...pageWindow(q) }),
  );
}

/**
 * The visible subscriptions that need someone: failing now (an attempt failed since the last success) or
 * disabled because every attempt failed.
 */
export async function failingWebhookCount(db: Db, scope: WebhookScope): Promise<number> {
  return db.webhookSubscription.count({
    where: {
      ...visible(scope),
      OR: [
        { status: "enabled", failingSince: { not: null } },
        { status: "disabled", disabledReason: "failing" },
      ],
    },
  });
}

export async function getWebhook(db: Db, scope: WebhookScope, id: string): Promise<WebhookRow> {
  // An id may exist in both scopes; the Integration's own subscription wins.
  const rows = await db.webhookSubscription.findMany({ where: { ...visible(scope), id }, select: webhookSelect });
  const row = rows.find((r) => r.integrationPk !== null) ?? rows[0];
  if (!row) throw notFound();
  return row;
}

/** The fields of a subscription the audit log keeps before and after a change (never the secret itself). */
function auditedFields(row: WebhookRow) {
  return { id: row.id, url: row.url, events: row.events, status: row.status, metadata: metadataOf(row.metadata) };
}

/** A subscription's change in the audit log, in the change's transaction. */
export async function recordWebhookChange(
  tx: Prisma.TransactionClient,
  scope: WebhookScope,
  by: AuditBy,
  change: { action: AuditAction; row: WebhookRow; before?: AuditEntry["before"]; after?: AuditEntry["after"] },
): Promise<void> {
  await recordAudit(tx, {
    at: recordedAt(by),
    accountPk: scope.accountPk,
    environment: scope.environment,
    actor: by.actor,
    action: change.action,
    target: { type: "webhook", id: change.row.id, label: change.row.url },
    before: change.before,
    after: change.after,
  });
}

export async function createWebhook(
  db: Db,
  scope: WebhookScope,
  input: TCreateWebhookRequest,
  privateTargets: PrivateTargets,
  by: AuditBy,
): Promise<WebhookRow> {
  checkEvents(input.events, scope.integrationPk);
  await checkTarget(input.url, scope, privateTargets);
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      const row = await tx.webhookSubscription.create({
        data: {
          id: input.id ?? crypto.randomUUID(),
          accountPk: scope.accountPk,
          environment: scope.environment,
          integrationPk: scope.integrationPk,
          scopeKey: scope.integrationPk ?? "user",
          url: input.url,
          events: [...new Set(input.events)],
          secretKey: input.secret_key ?? newSecretKey(),
          metadata: input.metadata ?? {},
        },
        select: webhookSelect,
      });
      await recordWebhookChange(tx, scope, by, { action: "webhook.created", row, after: auditedFields(row) });
      return row;
    }),
  );
}

/** A new secret_key at once (PUT, PATCH with one, the dashboard's rotation): a rolled previous one stops signing too. */
const secretReplaced = (secretKey: string) => ({ secretKey, previousSecretKey: null, previousSecretExpiresAt: null });

/**
 * PATCH keeps omitted fields; PUT resets them as create would (a new secret_key when it is omitted), except
 * `status`, which both keep when it is omitted (webhook-health.ts). `now`: the clock's time.
 */
export async function updateWebhook(
  db: Db,
  scope: WebhookScope,
  id: string,
  input: Partial<TCreateWebhookRequest> & { status?: TWebhookStatus },
  mode: "partial" | "replace",
  privateTargets: PrivateTargets,
  by: AuditBy,
): Promise<WebhookRow> {
  const now = by.at;
  // Its scope never changes, so the checks (a DNS lookup among them) run before the transaction and its lock.
  const current = await getWebhook(db, scope, id);
  checkEvents(input.events, current.integrationPk);
  if (input.url) await checkTarget(input.url, scope, privateTargets);
  return withUniqueId(() =>
    db.$transaction(async (tx) => {
      await lockFound(tx, "webhook_subscription", current, id);
      const secretKey = input.secret_key ?? (mode === "replace" ? newSecretKey() : undefined);
      const health = statusChange(current.status, input.status, now);
      if (health.status === "disabled") await endPendingDeliveries(tx, current.pk, now);
      const updated = await tx.webhookSubscription.update({
        where: { pk: current.pk },
        data: {
          id: input.id ?? (mode === "replace" ? crypto.randomUUID() : undefined),
          url: input.url,
          events: input.events ? [...new Set(input.events)] : undefined,
          ...(secretKey === undefined ? {} : secretReplaced(secretKey)),
          metadata: mode === "replace" ? (input.metadata ?? {}) : input.metadata,
          ...health,
        },
        select: webhookSelect,
      });
      const changed = changedFields(auditedFields(current), auditedFields(updated));
      const secretChanged = secretKey !== undefined && secretKey !== current.secretKey;
      if (changed || secretChanged) {
        const action = updated.status === current.status ? "webhook.updated" : updated.status === "disabled" ? "webhook.disabled" : "webhook.enabled";
        await recordWebhookChange(tx, scope, by, {
          action,
          row: updated,
          before: changed?.before,
          after: { ...changed?.after, ...(secretChanged ? { secret_key_replaced: true } : {}) },
        });
      }
      return updated;
    }),
  );
}

export async function rotateSecret(db: Db, scope: WebhookScope, id: string, by: AuditBy): Promise<WebhookRow> {
  const current = await getWebhook(db, scope, id);
  return db.$transaction(async (tx) => {
    await lockFound(tx, "webhook_subscription", current, id);
    const row = await tx.webhookSubscription.update({ where: { pk: current.pk }, data: secretReplaced(newSecretKey()), select: webhookSelect });
    await recordWebhookChange(tx, scope, by, { action: "webhook.secret_rolled", row, after: { expire_previous_in_minutes: 0 } });
    return row;
  });
}

/** The dashboard's "Reveal": the secret, read for a person, on record (the log keeps that it was shown, never the secret). */
export async function revealSecret(db: Db, scope: WebhookScope, id: string, by: AuditBy): Promise<string> {
  const current = await getWebhook(db, scope, id);
  await db.$transaction((tx) => recordWebhookChange(tx, scope, by, { action: "webhook.secret_revealed", row: current }));
  return current.secretKey;
}

export async function deleteWebhook(db: Db, scope: WebhookScope, id: string, by: AuditBy): Promise<void> {
  const current = await getWebhook(db, scope, id);
  await db.$transaction(async (tx) => {
    await lockFound(tx, "webhook_subscription", current, id);
    await tx.webhookSubscription.delete({ where: { pk: current.pk } });
    await recordWebhookChange(tx, scope, by, { action: "webhook.deleted", row: current, before: auditedFields(current) });
  });
}
