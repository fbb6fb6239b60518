"use client";

import { useState } from "react";
import { setEnvironmentCookie } from "../environment";
import { trpc, type Environment } from "../trpc";

const OPTIONS: { value: Environment; label: string }[] = [
  { value: "live", label: "Live" },
  { value: "demo", label: "Demo" },
];

/** Live/demo switch: the server reads the cookie, so every query is refetched after a change. */
export function EnvironmentSwitch({ current }: { current: Environment }) {
  const utils = trpc.useUtils();
  // Shown at once, while the session (and with it `current`) is refetched in the new environment.
  const [chosen, setChosen] = useState<Environment | null>(null);
  const shown = chosen ?? current;

  async function choose(env: Environment) {
    if (env === shown) return;
    setChosen(env);
    setEnvironmentCookie(env);
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
