"use client";

import { useQueryStates } from "nuqs";
import { useEffect, useState } from "react";
import { setEnvironmentCookie } from "../environment";
import { trpc, type Environment } from "../trpc";
import { parseAsEnvironment, parseAsIntegration, parseAsPage, REPLACE } from "../url-state";

const OPTIONS: { value: Environment; label: string }[] = [
  { value: "live", label: "Live" },
  { value: "demo", label: "Demo" },
];

/**
 * Live/demo switch: the server reads the cookie, so every query is refetched after a change. The choice
 * is also written to `?env=`, and a link carrying `?env=` (a shared view) switches to it.
 */
export function EnvironmentSwitch({ current }: { current: Environment }) {
  const utils = trpc.useUtils();
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
      <legend className="visually-hidden">Environment</legend>
      {OPTIONS.map((o) => (
        <label key={o.value} className={o.value === shown ? `env-option env-${o.value} selected` : "env-option"}>
          <input type="radio" name="environment" value={o.value} checked={o.value === shown} onChange={() => void choose(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
