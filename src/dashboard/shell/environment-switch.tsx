"use client";

import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { setEnvironmentCookie } from "../environment";
import { trpc, type Environment } from "../trpc";
import { parseAsEnvironment, parseAsIntegration, parseAsPage, REPLACE } from "../url-state";

const OPTIONS: readonly Environment[] = ["live", "demo"];

/**
 * Live/demo switch: the server reads the cookie, so every query is refetched after a change. The choice
 * is also written to `?env=`, and a link carrying `?env=` (a shared view) switches to it.
 */
export function EnvironmentSwitch({ current }: { current: Environment }) {
  const utils = trpc.useUtils();
  const t = useTranslations("shell.environment");
  // Shown at once, while the session (and with it `current`) is refetched in the new environment.
  const [chosen, setChosen] = useState<Environment | null>(null);
  const [url, setUrl] = useQueryStates({ env: parseAsEnvironment, integration: parseAsIntegration, page: parseAsPage }, REPLACE);
  const shown = chosen ?? current;

  useEffect(() => {
    if (chosen !== null || url.env === null || url.env === current) return;
    setEnvironmentCookie(url.env);
    void utils.invalidate();
  }, [url.env, current, chosen, utils]);

  async function choose(env: Environment) {
    if (env === shown) return;
    setChosen(env);
    setEnvironmentCookie(env);
    // The other environment has other objects and Integrations: its list starts at the first page, in its web-app Integration.
    void setUrl({ env, integration: null, page: null });
    try {
      await utils.invalidate();
    } finally {
      setChosen(null);
    }
  }

  return (
    <fieldset className="env-switch" disabled={chosen !== null}>
      <legend className="visually-hidden">{t("legend")}</legend>
      {OPTIONS.map((env) => (
        <label key={env} className={env === shown ? `env-option env-${env} selected` : "env-option"}>
          <input type="radio" name="environment" value={env} checked={env === shown} onChange={() => void choose(env)} />
          {t(env)}
        </label>
      ))}
    </fieldset>
  );
}
