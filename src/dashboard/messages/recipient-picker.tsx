"use client";

import { useId, useState } from "react";
import { trpc } from "../trpc";
import { FieldErrorText } from "../ui/field";
import { useDebouncedValue } from "../use-debounced-value";
import type { Recipient } from "./message-types";

const RESULTS = 8;

interface RecipientPickerProps {
  value: Recipient[];
  onChange: (value: Recipient[]) => void;
  errors?: string[];
}

/** Choose Employees: the chosen ones as removable chips, and a search over the Employees with a checkbox each. */
export function RecipientPicker({ value, onChange, errors }: RecipientPickerProps) {
  const [search, setSearch] = useState("");
  const term = useDebouncedValue(search.trim());
  const results = trpc.employees.list.useQuery({ page: 1, page_size: RESULTS, ...(term ? { search: term } : {}) }, { placeholderData: (prev) => prev });
  const chosen = new Set(value.map((r) => r.id));
  const errorId = useId();
  const hasErrors = Boolean(errors && errors.length > 0);

  const toggle = (r: Recipient) => onChange(chosen.has(r.id) ? value.filter((v) => v.id !== r.id) : [...value, r]);

  return (
    <fieldset className="recipient-picker" aria-describedby={hasErrors ? errorId : undefined}>
      <legend>
        To<span className="required-mark" aria-hidden="true"> *</span>
      </legend>
      {value.length === 0 ? (
        <p className="muted recipient-none">No Employees chosen yet.</p>
      ) : (
        <ul className="chips" aria-label="Chosen Employees">
          {value.map((r) => (
            <li key={r.id} className="chip">
              {r.name}
              <button type="button" aria-label={`Remove ${r.name}`} onClick={() => toggle(r)}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className="recipient-search">
        <span className="visually-hidden">Find Employees</span>
        <input type="search" placeholder="Find Employees by name, email or phone" value={search} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {results.isError ? (
        <p className="field-error">{results.error.message}</p>
      ) : !results.data ? (
        <p className="muted">Loading…</p>
      ) : results.data.results.length === 0 ? (
        <p className="muted">No Employees match.</p>
      ) : (
        <ul className="recipient-results">
          {results.data.results.map((e) => (
            <li key={e.id}>
              <label className="checkbox">
                <input type="checkbox" checked={chosen.has(e.id)} onChange={() => toggle({ id: e.id, name: e.name })} />
                <span>{e.name}</span>
                {e.email && <span className="muted">{e.email}</span>}
              </label>
            </li>
          ))}
          {results.data.count > RESULTS && (
            <li className="muted">
              {results.data.count - RESULTS} more; narrow the search to find them.
            </li>
          )}
        </ul>
      )}
      <FieldErrorText id={errorId} errors={errors} />
    </fieldset>
  );
}
