import { useTranslations } from "use-intl";
import type { Environment } from "../trpc";

/** Live stands out: approving there creates an Integration that moves real money. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  const t = useTranslations("shell.environment");
  return environment === "live" ? <span className="badge badge-info">{t("live")}</span> : <span className="badge">{t("demo")}</span>;
}
