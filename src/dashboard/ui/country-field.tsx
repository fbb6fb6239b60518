"use client";

import { useId } from "react";
import { useTranslations } from "use-intl";
import { COUNTRY_OPTIONS } from "../employees/countries";
import { Field } from "./field";

interface CountryFieldProps {
  value: string;
  onChange: (alpha3: string) => void;
  errors?: string[];
  hint?: string;
}

/** An ISO alpha-3 code typed freely, with every country offered by name; the server decides which it accepts. */
export function CountryField({ value, onChange, errors, hint }: CountryFieldProps) {
  const listId = useId();
  const t = useTranslations("common");
  return (
    <Field label={t("country")} errors={errors} required hint={hint ?? t("countryHint")}>
      {(control) => (
        <>
          <input {...control} type="text" list={listId} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value.toUpperCase())} />
          <datalist id={listId}>
            {COUNTRY_OPTIONS.map((c) => (
              <option key={c.alpha3} value={c.alpha3}>
                {c.name}
              </option>
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}
