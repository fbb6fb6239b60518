"use client";

import { useState, type FormEvent } from "react";
import { fieldMessages, type FieldMessages } from "../errors";
import type { TrpcError } from "../trpc";
import { Field } from "../ui/field";
import {
  readAsDataUrl,
  toRequestFields,
  type IntegrationFields,
  type IntegrationFormValues,
  type LogoChoice,
} from "./integration-form-values";

const FORM_FIELDS = ["id", "name", "email", "recipient", "address_line_1", "address_line_2", "zip_code", "city", "metadata", "logo"];

interface IntegrationFormProps {
  initial: IntegrationFormValues;
  /** URL of the current logo, when editing an Integration that has one. */
  currentLogo?: string | null;
  idHint: string;
  submitLabel: string;
  pending: boolean;
  error: TrpcError | null;
  onSubmit: (id: string, fields: IntegrationFields) => void;
  onCancel: () => void;
}

/** Every field of an Integration; used to create one and, prefilled, to edit one. */
export function IntegrationForm(props: IntegrationFormProps) {
  const { initial, currentLogo, idHint, submitLabel, pending, error, onSubmit, onCancel } = props;
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<LogoChoice>({ kind: "keep" });
  const [localErrors, setLocalErrors] = useState<FieldMessages>({});

  const serverErrors = fieldMessages(error);
  const errors: FieldMessages = { ...serverErrors, ...localErrors };
  const otherErrors = Object.entries(serverErrors)
    .filter(([field]) => !FORM_FIELDS.includes(field))
    .flatMap(([, messages]) => messages);
  const hasFieldErrors = Object.keys(serverErrors).length > 0;

  const set = (field: keyof IntegrationFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function chooseLogo(file: File | undefined) {
    setLocalErrors(({ logo: _dropped, ...rest }) => rest);
    if (!file) return setLogo({ kind: "keep" });
    try {
      setLogo({ kind: "replace", dataUrl: await readAsDataUrl(file), filename: file.name });
    } catch (e) {
      setLocalErrors((prev) => ({ ...prev, logo: [e instanceof Error ? e.message : "Could not read the file."] }));
    }
  }

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = toRequestFields(values, logo);
    if (!parsed.ok) return setLocalErrors(parsed.errors);
    setLocalErrors({});
    onSubmit(values.id.trim(), parsed.fields);
  }

  const text = (field: keyof IntegrationFormValues, label: string, opts: { required?: boolean; type?: string; hint?: string; className?: string } = {}) => (
    <Field label={label} errors={errors[field]} required={opts.required} hint={opts.hint} className={opts.className}>
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
        {text("email", "Email", { required: true, type: "email" })}
        {text("recipient", "Recipient", { required: true })}
        {text("address_line_1", "Address line 1", { required: true })}
        {text("address_line_2", "Address line 2")}
        {text("zip_code", "ZIP code", { required: true })}
        {text("city", "City", { required: true })}
        <Field label="Metadata" errors={errors.metadata} hint="A JSON object of your own keys and values." className="span-2">
          {(control) => <textarea {...control} rows={3} className="mono" value={values.metadata} onChange={set("metadata")} />}
        </Field>
        <Field label="Logo" errors={errors.logo} hint="PNG, JPEG, GIF, WebP or SVG, up to 2 MB." className="span-2">
          {(control) => (
            <div className="logo-picker">
              <LogoPreview logo={logo} currentLogo={currentLogo} />
              <input {...control} type="file" accept="image/*" onChange={(e) => void chooseLogo(e.target.files?.[0])} />
              {currentLogo && logo.kind !== "replace" && (
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={logo.kind === "remove"}
                    onChange={(e) => setLogo(e.target.checked ? { kind: "remove" } : { kind: "keep" })}
                  />
                  Remove the current logo
                </label>
              )}
            </div>
          )}
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

function LogoPreview({ logo, currentLogo }: { logo: LogoChoice; currentLogo?: string | null }) {
  const src = logo.kind === "replace" ? logo.dataUrl : logo.kind === "keep" ? currentLogo : null;
  if (!src) return <span className="logo-preview logo-empty" aria-hidden="true" />;
  // A data: URL or our own /media URL; next/image would add nothing here.
  // eslint-disable-next-line @next/next/no-img-element
  return <img className="logo-preview" src={src} alt={logo.kind === "replace" ? `New logo ${logo.filename}` : "Current logo"} />;
}
