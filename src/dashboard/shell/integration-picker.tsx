"use client";

import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { parseAsIntegration, parseAsPage, REPLACE } from "../url-state";
import { SelectOptions } from "../ui/filter-select";
import { useCurrentIntegration } from "./use-current-integration";

/**
 * Which of the account's Integrations the Employees and Messages pages act as. The choice is also
 * written to `?integration=`, and a link carrying one of the account's Integrations (a shared view) picks it.
 */
export function IntegrationPicker() {
  const { integrations, current, choose } = useCurrentIntegration();
  const [switching, setSwitching] = useState(false);
  const t = useTranslations("shell");
  const [url, setUrl] = useQueryStates({ integration: parseAsIntegration, page: parseAsPage }, REPLACE);
  const fromUrl = integrations.find((i) => i.id === url.integration)?.id;

  useEffect(() => {
    if (fromUrl !== undefined && current !== undefined && fromUrl !== current.id && !switching) void choose(fromUrl);
  }, [fromUrl, current, switching, choose]);

  if (integrations.length === 0) return null;

  async function pick(id: string) {
    setSwitching(true);
    // Another Integration has other objects: its list starts at the first page.
    void setUrl({ integration: id, page: null });
    try {
      await choose(id);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <label className="integration-picker">
      <span>{t("integration")}</span>
      <select value={current?.id ?? ""} disabled={switching || !current} onChange={(e) => void pick(e.target.value)}>
        <SelectOptions options={integrations.map((i) => ({ value: i.id, label: i.name }))} />
      </select>
    </label>
  );
}
