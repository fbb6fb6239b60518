"use client";

import { Fragment, type ComponentType, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { Integration } from "../integrations/integration-types";
import { trpc } from "../trpc";
import { useCurrentIntegration } from "./use-current-integration";
import { ErrorAlert } from "../ui/alert";
import type { PageText } from "../ui/page-text";

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
    return <ErrorAlert>{t("loadFailed", { message: error })}</ErrorAlert>;
  }
  if (!isLoading && integrations.length === 0) return <p className="page-message">{t("none")}</p>;
  if (!current) return <p className="page-message">{common("loading")}</p>;
  return <Fragment key={current.id}>{children(current)}</Fragment>;
}

/**
 * A page component inside `IntegrationScoped`, given the current Integration besides its own props:
 * `export const PayoutsPage = integrationScoped((t) => t("payouts.title"), PayoutsOfIntegration)`.
 */
export function integrationScoped<P extends object>(what: PageText, Page: ComponentType<P & { integration: Integration }>): ComponentType<P> {
  function IntegrationScopedPage(props: P) {
    const t = useTranslations();
    return <IntegrationScoped what={what(t)}>{(integration) => <Page {...props} integration={integration} />}</IntegrationScoped>;
  }
  return IntegrationScopedPage;
}
