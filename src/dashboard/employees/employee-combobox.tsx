"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { trpc } from "../trpc";
import { Combobox } from "../ui/combobox";
import type { FieldControl } from "../ui/field";
import { useDebouncedValue } from "../use-debounced-value";

const RESULTS = 8;

export interface EmployeeChoice {
  id: string;
  name: string;
}

interface EmployeeComboboxProps {
  /** The ids a surrounding `Field` (or label) ties to the input. */
  control: FieldControl;
  value: EmployeeChoice | null;
  onChange: (value: EmployeeChoice | null) => void;
  placeholder?: string;
}

/**
 * Pick one Employee by typing part of their name, email or phone (the list's search, on the server): arrow
 * keys move through the matches, Enter picks, Escape closes (`Combobox`). Editing the text drops the choice.
 */
export function EmployeeCombobox({ control, value, onChange, placeholder }: EmployeeComboboxProps) {
  const t = useTranslations("common");
  const [text, setText] = useState(value?.name ?? "");
  const [active, setActive] = useState(false);
  // A choice made elsewhere (a filter reset, a prefilled form) shows its name.
  const [shownId, setShownId] = useState(value?.id);
  if (value?.id !== shownId) {
    setShownId(value?.id);
    if (value) setText(value.name);
  }
  const term = useDebouncedValue(text.trim());
  // While a choice is shown, its name is the text: search everyone rather than that one name.
  const search = value && term === value.name ? "" : term;
  const results = trpc.employees.list.useQuery(
    { page: 1, page_size: RESULTS, ...(search ? { search } : {}) },
    { enabled: active, placeholderData: (prev) => prev },
  );
  const employees = results.data?.results ?? [];

  return (
    <Combobox
      control={control}
      text={text}
      placeholder={placeholder ?? t("employeePicker.placeholder")}
      onTextChange={(next) => {
        setText(next);
        if (value) onChange(null);
      }}
      onPick={(id) => {
        const e = employees.find((x) => x.id === id);
        if (!e) return;
        onChange({ id: e.id, name: e.name });
        setText(e.name);
      }}
      onOpen={() => setActive(true)}
      onBlur={() => {
        // Leaving half-typed text would look like a choice that is not one.
        if (!value) setText("");
      }}
      listLabel={t("employeePicker.matches")}
      ready={Boolean(results.data || results.isError)}
      options={employees.map((e) => ({
        value: e.id,
        chosen: value?.id === e.id,
        content: (
          <>
            <span className="strong">{e.name}</span>
            {e.email && <span className="muted"> {e.email}</span>}
          </>
        ),
      }))}
      notes={
        <>
          {results.isError && <p className="combobox-note field-error">{results.error.message}</p>}
          {results.data && employees.length === 0 && <p className="combobox-note muted">{t("employeePicker.noMatch")}</p>}
          {results.data && results.data.count > RESULTS && (
            <p className="combobox-note muted">{t("employeePicker.more", { count: results.data.count - RESULTS })}</p>
          )}
        </>
      }
    />
  );
}
