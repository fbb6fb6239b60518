"use client";

import type { ComponentType, ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc, type Role } from "../trpc";
import type { PageText } from "../ui/page-text";

/**
 * Renders a page for one role only (the server refuses the others anyway), so that its queries start
 * only for a person who may run them; anyone else reads `otherwise`.
 */
export function RoleGate({ role, otherwise, children }: { role: Role; otherwise: string; children: ReactNode }) {
  const me = trpc.session.me.useQuery();
  const t = useTranslations("common");
  if (!me.data) return <p className="page-message">{t("loading")}</p>;
  if (me.data.role !== role) return <p className="page-message">{otherwise}</p>;
  return children;
}

/** A page component behind a `RoleGate`: `export const IntegrationsPage = roleGated("client", (t) => t("integrations.clientOnly"), AccountIntegrations)`. */
export function roleGated<P extends object>(role: Role, otherwise: PageText, Page: ComponentType<P>): ComponentType<P> {
  function RoleGatedPage(props: P) {
    const t = useTranslations();
    return (
      <RoleGate role={role} otherwise={otherwise(t)}>
        <Page {...props} />
      </RoleGate>
    );
  }
  return RoleGatedPage;
}
