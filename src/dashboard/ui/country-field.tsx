"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { matchCountry, searchCountries } from "../employees/countries";
import { Combobox } from "./combobox";
import { Field } from "./field";

interface CountryFieldProps {
  value: string;
  onChange: (alpha3: string) => void;
  errors?: string[];
  hint?: string;
}

/**
 * A country by name in English or Swedish ("Sweden", "Sverige") or by alpha-3 code ("swe"), with the matches
 * listed below: the value is the code of the country the text names, else the text as typed, which the
 * server checks (and refuses with its message when it is no country it accepts).
 */
export function CountryField({ value, onChange, errors, hint }: CountryFieldProps) {
  const t = useTranslations("common");
  const locale = useLocale();
  const [text, setText] = useState(value);
  const [sent, setSent] = useState(value);
  // A value set elsewhere (a prefilled form, a reset) shows as it is.
  if (value !== sent) {
    setSent(value);
    setText(value);
  }

  function change(nextText: string, code: string) {
    setText(nextText);
    setSent(code);
    onChange(code);
  }

  const options = searchCountries(text, locale);
  return (
    <Field label={t("country.label")} errors={errors} required hint={hint ?? t("country.hint")}>
      {(control) => (
        <Combobox
          control={control}
          text={text}
          onTextChange={(next) => change(next, matchCountry(next) ?? next.trim().toUpperCase())}
          onPick={(alpha3) => change(alpha3, alpha3)}
          listLabel={t("country.matches")}
          options={options.map((c) => ({
            value: c.alpha3,
            chosen: c.alpha3 === value,
            content: (
              <>
                <span className="strong">{c.name}</span>
                <span className="muted">{c.alpha3}</span>
              </>
            ),
          }))}
          notes={options.length === 0 && <p className="combobox-note muted">{t("country.noMatch")}</p>}
        />
      )}
    </Field>
  );
}
