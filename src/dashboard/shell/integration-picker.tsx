"use client";

import { useState } from "react";
import { useCurrentIntegration } from "./use-current-integration";

/** Which of the account's Integrations the Employees and Messages pages act as. */
export function IntegrationPicker() {
  const { integrations, current, choose } = useCurrentIntegration();
  const [switching, setSwitching] = useState(false);
  if (integrations.length === 0) return null;

  async function pick(id: string) {
    setSwitching(true);
    try {
      await choose(id);
    } finally {
      setSwitching(false);
    }
  }

  return (
    <label className="integration-picker">
      <span>Integration</span>
      <select value={current?.id ?? ""} disabled={switching || !current} onChange={(e) => void pick(e.target.value)}>
        {integrations.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </select>
    </label>
  );
}
