"use client";

import { useId, useState, type KeyboardEvent } from "react";
import { trpc } from "../trpc";
import { useDebouncedValue } from "../use-debounced-value";

const RESULTS = 8;

export interface EmployeeChoice {
  id: string;
  name: string;
}

interface EmployeeComboboxProps {
  /** The ids a surrounding `Field` (or label) ties to the input. */
  control: { id: string; "aria-describedby"?: string; "aria-invalid"?: true; required?: boolean };
  value: EmployeeChoice | null;
  onChange: (value: EmployeeChoice | null) => void;
  placeholder?: string;
}

/**
 * Pick one Employee by typing part of their name, email or phone (the list's search), ARIA 1.2 combobox
 * style: arrow keys move through the matches, Enter picks, Escape closes. Editing the text drops the choice.
 */
export function EmployeeCombobox({ control, value, onChange, placeholder = "Type a name, email or phone" }: EmployeeComboboxProps) {
  const listId = useId();
  const [text, setText] = useState(value?.name ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
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
    { enabled: open, placeholderData: (prev) => prev },
  );
  const options = results.data?.results ?? [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  function pick(choice: EmployeeChoice) {
    onChange(choice);
    setText(choice.name);
    setOpen(false);
  }

  function type(next: string) {
    setText(next);
    setOpen(true);
    setActive(0);
    if (value) onChange(null);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (options.length === 0 ? 0 : (i + step + options.length) % options.length));
    } else if (e.key === "Enter" && open && options[active]) {
      e.preventDefault();
      pick(options[active]);
    } else if (e.key === "Escape" && open) {
      // Keeps a surrounding dialog open: this Escape only closes the list.
      e.stopPropagation();
      setOpen(false);
    }
  }

  return (
    <div className="combobox">
      <input
        {...control}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && options[active] ? optionId(active) : undefined}
        placeholder={placeholder}
        value={text}
        onChange={(e) => type(e.target.value)}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          // Leaving half-typed text would look like a choice that is not one.
          if (!value) setText("");
        }}
        onKeyDown={onKeyDown}
      />
      <div className="combobox-popup" hidden={!open || !results.data}>
        <ul id={listId} role="listbox" aria-label="Matching Employees" className="combobox-list">
          {options.map((e, i) => (
            <li
              key={e.id}
              id={optionId(i)}
              role="option"
              aria-selected={value?.id === e.id}
              className={i === active ? "combobox-option active" : "combobox-option"}
              // Before the input's blur, so that the click still lands on an open list.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick({ id: e.id, name: e.name })}
            >
              <span className="strong">{e.name}</span>
              {e.email && <span className="muted"> {e.email}</span>}
            </li>
          ))}
        </ul>
        {results.isError && <p className="combobox-note field-error">{results.error.message}</p>}
        {results.data && options.length === 0 && <p className="combobox-note muted">No Employees match.</p>}
        {results.data && results.data.count > RESULTS && <p className="combobox-note muted">{results.data.count - RESULTS} more: keep typing to narrow.</p>}
      </div>
    </div>
  );
}
