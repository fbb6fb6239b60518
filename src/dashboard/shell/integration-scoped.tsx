"use client";

import { Fragment, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { Integration } from "../integrations/integration-types";
import { trpc } from "../trpc";
import { useCurrentIntegration } from "./use-current-integration";
import { ErrorAlert } from "../ui/alert";

/**
 * Renders an Integration-scoped page once the Integration is settled (the server reads it from the
 * cookie), and starts it over when another is picked, as the shell does for the environment.
 */
export function IntegrationScoped({ what, children }: { what: string; children: (integration: Integration) => ReactNode }) {
  const me = trpc.session.me.useQuery();
  const t = useTranslations("shell.scoped");
  const common = useTranslations("common");
  const isClient = me.data?.role === "client";
  const { current, isLoading, error, integrations } = useCurrentIntegration(isClient);

  if (me.data && !isClient) {
    return <p className="page-message">{t("clientOnly", { what })}</p>;
  }
  if (error) {
    return (
      <ErrorAlert>{t("loadFailed", { message: error })}</ErrorAlert>
    );
  }
  if (!isLoading && integrations.length === 0) return <p className="page-message">{t("none")}</p>;
  if (!current) return <p className="page-message">{common("loading")}</p>;
  return <Fragment key={current.id}>{children(current)}</Fragment>;
}
