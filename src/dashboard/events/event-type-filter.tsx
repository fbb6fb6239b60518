"use client";

import { useTranslations } from "use-intl";
import { groupEvents, type EventInfo } from "../webhooks/webhook-types";

interface EventTypeFilterProps {
  catalogue: readonly EventInfo[];
  value: readonly string[];
  onChange: (types: string[]) => void;
}

/** The list's `type` filter, repeatable as in the API: a checkbox per event name, grouped by object, in a disclosure. */
export function EventTypeFilter({ catalogue, value, onChange }: EventTypeFilterProps) {
  const t = useTranslations("events.filters");
  const chosen = new Set(value);
  const toggle = (name: string) => onChange(chosen.has(name) ? value.filter((v) => v !== name) : [...value, name]);
  return (
    <details className="type-filter">
      <summary className="button">{value.length === 0 ? t("allTypes") : t("typesChosen", { count: value.length })}</summary>
      <fieldset className="type-filter-panel">
        <legend className="visually-hidden">{t("type")}</legend>
        {groupEvents(catalogue).map((group) => (
          <div key={group.object} className="type-filter-group" role="group" aria-label={group.object}>
            {group.events.map((e) => (
              <label key={e.name} className="checkbox">
                <input type="checkbox" checked={chosen.has(e.name)} onChange={() => toggle(e.name)} />
                <span className="mono">{e.name}</span>
              </label>
            ))}
          </div>
        ))}
        {value.length > 0 && (
          <button type="button" className="button button-small" onClick={() => onChange([])}>
            {t("clearTypes")}
          </button>
        )}
      </fieldset>
    </details>
  );
}
