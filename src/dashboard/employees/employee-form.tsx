"use client";

import { useId, useState, type FormEvent } from "react";
import { fieldMessages, type FieldMessages } from "../errors";
import type { TrpcError } from "../trpc";
import { Field } from "../ui/field";
import { COUNTRY_OPTIONS } from "./countries";
import { toEmployeeFields, type EmployeeFields, type EmployeeFormValues } from "./employee-form-values";

const FORM_FIELDS = ["id", "name", "email", "country", "cellphone_number", "metadata"];

interface EmployeeFormProps {
  initial: EmployeeFormValues;
  idHint: string;
  submitLabel: string;
  pending: boolean;
  error: TrpcError | null;
  onSubmit: (id: string, fields: EmployeeFields) => void;
  onCancel: () => void;
}

/** Every field of an Employee; used to create one and, prefilled, to edit one. */
export function EmployeeForm({ initial, idHint, submitLabel, pending, error, onSubmit, onCancel }: EmployeeFormProps) {
  const [values, setValues] = useState(initial);
  const [localErrors, setLocalErrors] = useState<FieldMessages>({});
  const countryListId = useId();

  const serverErrors = fieldMessages(error);
  const errors: FieldMessages = { ...serverErrors, ...localErrors };
  const otherErrors = Object.entries(serverErrors)
    .filter(([field]) => !FORM_FIELDS.includes(field))
    .flatMap(([, messages]) => messages);
  const hasFieldErrors = Object.keys(serverErrors).length > 0;

  const set = (field: keyof EmployeeFormValues) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = toEmployeeFields(values);
    if (!parsed.ok) return setLocalErrors(parsed.errors);
    setLocalErrors({});
    onSubmit(values.id.trim(), parsed.fields);
  }

  const text = (field: keyof EmployeeFormValues, label: string, opts: { required?: boolean; type?: string; hint?: string } = {}) => (
    <Field label={label} errors={errors[field]} required={opts.required} hint={opts.hint}>
      {(control) => <input {...control} type={opts.type ?? "text"} value={values[field]} onChange={set(field)} />}
    </Field>
  );

  return (
    // noValidate: the server's rules and messages are the ones that count, shown next to each field.
    <form className="form" noValidate onSubmit={submit}>
      {error && (
        <div className="alert alert-error" role="alert">
          {hasFieldErrors ? "Please correct the highlighted fields." : error.message}
          {otherErrors.length > 0 && <span> {otherErrors.join(" ")}</span>}
        </div>
      )}
      <div className="form-grid">
        {text("name", "Name", { required: true })}
        {text("id", "ID", { hint: idHint })}
        {text("email", "Email", { required: true, type: "email", hint: "The invitation is sent here." })}
        <Field label="Country" errors={errors.country} required hint="ISO alpha-3 code, e.g. SWE; type a name to search.">
          {(control) => (
            <>
              <input
                {...control}
                type="text"
                list={countryListId}
                autoComplete="off"
                value={values.country}
                onChange={(e) => setValues((v) => ({ ...v, country: e.target.value.toUpperCase() }))}
              />
              <datalist id={countryListId}>
                {COUNTRY_OPTIONS.map((c) => (
                  <option key={c.alpha3} value={c.alpha3}>
                    {c.name}
                  </option>
                ))}
              </datalist>
            </>
          )}
        </Field>
        {text("cellphone_number", "Cellphone number", { type: "tel", hint: "With country code, e.g. +46 70 123 45 67, or national for the country." })}
        <Field label="Metadata" errors={errors.metadata} hint="A JSON object of your own keys and values." className="span-2">
          {(control) => <textarea {...control} rows={3} className="mono" value={values.metadata} onChange={set("metadata")} />}
        </Field>
      </div>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
