"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc, type RouterOutputs } from "../trpc";
import type { Webhook } from "./webhook-types";

export type WebhookHealth = RouterOutputs["webhooks"]["health"][number];

/** Healthy; failing since when (its attempts keep failing); or disabled, and why (by hand, or after failing too long). */
export function HealthBadge({ health }: { health: WebhookHealth | undefined }) {
  const t = useTranslations("webhooks.health");
  const f = useFormat();
  if (!health) return null;
  if (health.status === "disabled") {
    return (
      <span className="badge badge-danger" data-testid="health-badge">
        {health.disabled_reason === "failing" ? t("disabledFailing") : t("disabledManual")}
      </span>
    );
  }
  if (health.failing_since) {
    return (
      <span className="badge badge-warning" data-testid="health-badge">
        {t("failingSince", { when: f.dateTime(health.failing_since) })}
      </span>
    );
  }
  return (
    <span className="badge badge-success" data-testid="health-badge">
      {t("healthy")}
    </span>
  );
}

/** The health of the subscriptions shown (failing_since is not in the API's representation). */
export function useWebhookHealth(webhooks: readonly Pick<Webhook, "id">[] | undefined) {
  const ids = (webhooks ?? []).map((w) => w.id);
  const health = trpc.webhooks.health.useQuery({ webhook_ids: ids }, { enabled: ids.length > 0 });
  return (id: string) => health.data?.find((h) => h.id === id);
}

/** Disable (deliveries stop; events meanwhile are never delivered) or enable again: PATCH status. */
export function StatusToggle({ webhook, small }: { webhook: Webhook; small?: boolean }) {
  const t = useTranslations("webhooks.health");
  const utils = trpc.useUtils();
  const update = trpc.webhooks.update.useMutation({ onSuccess: () => utils.webhooks.invalidate() });
  const disabled = webhook.status === "disabled";
  return (
    <button
      type="button"
      className={`button${small ? " button-small" : ""}${disabled ? "" : " button-danger-quiet"}`}
      aria-label={`${disabled ? t("enable") : t("disable")}: ${webhook.url}`}
      disabled={update.isPending}
      onClick={() => update.mutate({ webhook_id: webhook.id, status: disabled ? "enabled" : "disabled" })}
    >
      {disabled ? t("enable") : t("disable")}
    </button>
  );
}
