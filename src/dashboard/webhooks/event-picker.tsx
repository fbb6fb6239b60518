"use client";

import { useId } from "react";
import { useTranslations } from "use-intl";
import { FieldErrorText } from "../ui/field";
import { groupEvents, type EventInfo } from "./webhook-types";

interface EventPickerProps {
  catalogue: readonly EventInfo[];
  value: string[];
  onChange: (events: string[]) => void;
  errors?: string[];
}

/** A checkbox per event, grouped by the object the event carries; hovering an event says when it is sent. */
export function EventPicker({ catalogue, value, onChange, errors }: EventPickerProps) {
  const errorId = useId();
  const t = useTranslations("webhooks.form");
  const hasErrors = Boolean(errors && errors.length > 0);
  const chosen = new Set(value);
  const toggle = (name: string) => onChange(chosen.has(name) ? value.filter((v) => v !== name) : [...value, name]);

  return (
    <fieldset className="event-picker span-2" aria-describedby={hasErrors ? errorId : undefined}>
      <legend>
        {t("events")}
        <span className="required-mark" aria-hidden="true">
          {" "}
          *
        </span>
      </legend>
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
      <FieldErrorText id={errorId} errors={errors} />
    </fieldset>
  );
}
