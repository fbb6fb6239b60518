"use client";

import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { setEnvironmentCookie } from "../environment";
import { clearIntegrationCookie } from "../integration-choice";
import { trpc, type Environment } from "../trpc";
import { parseAsEnvironment, parseAsIntegration, parseAsPage, REPLACE } from "../url-state";

const OPTIONS: readonly Environment[] = ["live", "demo"];

type Utils = ReturnType<typeof trpc.useUtils>;

/**
 * The server reads both cookies on every request. The chosen Integration is the old environment's, which the
 * new one does not have (a write would be refused, "Integration … does not exist"): it is forgotten with the
 * cached list it came from, so that Integration-scoped pages wait until the new environment's list picks one.
 */
function enterEnvironment(env: Environment, utils: Utils): Promise<void> {
  setEnvironmentCookie(env);
  clearIntegrationCookie();
  void utils.integrations.list.reset();
  return utils.invalidate();
}

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
    void enterEnvironment(url.env, utils);
  }, [url.env, current, chosen, utils]);

  async function choose(env: Environment) {
    if (env === shown) return;
    setChosen(env);
    // The other environment has other objects and Integrations: its list starts at the first page, in its web-app Integration.
    void setUrl({ env, integration: null, page: null });
    try {
      await enterEnvironment(env, utils);
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
