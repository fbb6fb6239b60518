"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";

/** Renders an admin's page for admins only (the procedures answer members 403 anyway); members read why. */
export function AdminGate({ what, children }: { what: string; children: ReactNode }) {
  const me = trpc.session.me.useQuery();
  const t = useTranslations();
  if (!me.data) return <p className="page-message">{t("common.loading")}</p>;
  if (me.data.role !== "client" || me.data.teamRole !== "admin") return <p className="page-message">{t("settings.adminOnly", { what })}</p>;
  return children;
}
