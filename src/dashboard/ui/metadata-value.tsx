import { useTranslations } from "use-intl";

/** An object's metadata, indented, or "None". */
export function MetadataValue({ metadata }: { metadata: Record<string, unknown> }) {
  const t = useTranslations("common");
  return Object.keys(metadata).length === 0 ? <span className="muted">{t("none")}</span> : <pre className="metadata">{JSON.stringify(metadata, null, 2)}</pre>;
}
