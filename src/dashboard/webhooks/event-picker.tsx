"use client";

import { useTranslations } from "use-intl";
import { RequiredFieldset } from "../ui/field";
import { groupEvents, type EventInfo } from "./webhook-types";

interface EventPickerProps {
  catalogue: readonly EventInfo[];
  value: string[];
  onChange: (events: string[]) => void;
  errors?: string[];
}

/** A checkbox per event, grouped by the object the event carries; hovering an event says when it is sent. */
export function EventPicker({ catalogue, value, onChange, errors }: EventPickerProps) {
  const t = useTranslations("webhooks.form");
  const chosen = new Set(value);
  const toggle = (name: string) => onChange(chosen.has(name) ? value.filter((v) => v !== name) : [...value, name]);

  return (
    <RequiredFieldset className="event-picker span-2" legend={t("events")} errors={errors}>
      <div className="event-groups">
        {groupEvents(catalogue).map((group) => (
          <fieldset key={group.object} className="event-group">
            <legend>{group.object}</legend>
            {group.events.map((e) => (
              <label key={e.name} className="checkbox" title={e.trigger}>
                <input type="checkbox" checked={chosen.has(e.name)} onChange={() => toggle(e.name)} />
                <span className="mono">{e.name}</span>
              </label>
            ))}
            {group.events.every((e) => e.scope === "user") && <p className="field-hint">{t("accountWide")}</p>}
          </fieldset>
        ))}
      </div>
    </RequiredFieldset>
  );
}
