"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages, type Checked, type FieldMessages } from "../errors";
import type { MutationState, TrpcError } from "../trpc";
import { useDraftState } from "./draft-scope";
import { Field } from "./field";
import { restoreText, withoutSecrets } from "./form-draft";

/**
 * The messages to show per field: the server's, overridden by the form's own checks (e.g. metadata JSON).
 * The server's answer is about the values sent last time: once the form's own checks stop a later submit,
 * it is hidden, so that a field fixed since then is not still marked wrong.
 */
export function useFormErrors(error: TrpcError | null) {
  const [localErrors, setLocalErrors] = useState<FieldMessages>({});
  const [serverCurrent, setServerCurrent] = useState(true);
  const errors: FieldMessages = { ...(serverCurrent ? fieldMessages(error) : {}), ...localErrors };
  /** Sends the fields when the form's own checks passed, else shows why they did not. */
  function sendChecked<F>(checked: Checked<F>, send: (fields: F) => void): void {
    setServerCurrent(checked.ok);
    if (!checked.ok) return setLocalErrors(checked.errors);
    setLocalErrors({});
    send(checked.fields);
  }
  return { errors, setLocalErrors, sendChecked };
}

/**
 * Form values kept as typed text, with the props that bind one of them to a `TextField`. In a dialog that keeps
 * drafts they survive an ended session, but for the `secret` fields (passwords, codes, keys), never stored.
 */
export function useFormValues<V extends { [K in keyof V]: string }>(initial: V, secret: readonly (keyof V & string)[] = []) {
  const [values, setValues] = useDraftState("fields", initial, restoreText, (v) => withoutSecrets(v, secret));
  const bind = (field: keyof V) => ({
    value: values[field],
    onChange: (value: string) => setValues((v) => ({ ...v, [field]: value })),
  });
  return { values, setValues, bind };
}

/** A resource's form creates one, empty, or edits one, prefilled: its id hint and submit label follow. */
export type FormMode = "create" | "edit";

/** The submit button's label: creating, the form's own (e.g. "Create Employee"); editing, "Save changes". */
export function useSubmitLabel(mode: FormMode, createLabel: string) {
  const t = useTranslations("common");
  return mode === "create" ? createLabel : t("saveChanges");
}

/** What a resource's create/edit form is given by its dialog; `S` is what it does with the checked fields. */
export interface ResourceFormProps<V, S> {
  initial: V;
  mode: FormMode;
  /** The create or update mutation: pending while it runs, then the server's messages per field. */
  mutation: MutationState;
  onSubmit: S;
  onCancel: () => void;
}

interface ServerCheckedFormProps {
  mutation: MutationState;
  /** The fields this form shows; the server's messages for any other field are listed in the alert. */
  fields: readonly string[];
  submitLabel: string;
  pendingLabel?: string;
  onSubmit: () => void;
  onCancel: () => void;
  /** The fields in a two-column grid (the default), or one under the other. */
  grid?: boolean;
  children: ReactNode;
}

/** A create/edit form: the server's summary on top, the fields (in a grid unless `grid={false}`), Cancel and submit below. */
export function ServerCheckedForm(props: ServerCheckedFormProps) {
  const { mutation, fields, submitLabel, pendingLabel, onSubmit, onCancel, grid = true, children } = props;
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    onSubmit();
  }
  return (
    // noValidate: the server's rules and messages are the ones that count, shown next to each field.
    <form className="form" noValidate onSubmit={submit}>
      <FormErrorAlert error={mutation.error} fields={fields} />
      {grid ? <div className="form-grid">{children}</div> : children}
      <FormActions pending={mutation.isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} onCancel={onCancel} />
    </form>
  );
}

interface FormActionsProps {
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  /** Without it there is no Cancel (a form that stays on its page). */
  onCancel?: () => void;
  danger?: boolean;
}

/** Cancel and the submit button, which is disabled while the request runs. */
export function FormActions({ pending, submitLabel, pendingLabel, onCancel, danger }: FormActionsProps) {
  const t = useTranslations("common");
  return (
    <div className="form-actions">
      {onCancel && (
        <button type="button" className="button" onClick={onCancel}>
          {t("cancel")}
        </button>
      )}
      <button type="submit" className={danger ? "button button-danger" : "button button-primary"} disabled={pending}>
        {pending ? (pendingLabel ?? t("saving")) : submitLabel}
      </button>
    </div>
  );
}

/** "Please correct the highlighted fields.", or the error itself when no field is to blame. */
export function FormErrorAlert({ error, fields }: { error: TrpcError | null; fields: readonly string[] }) {
  const t = useTranslations("common");
  if (!error) return null;
  const serverErrors = fieldMessages(error);
  const otherErrors = Object.entries(serverErrors)
    .filter(([field]) => !fields.includes(field))
    .flatMap(([, messages]) => messages);
  const hasFieldErrors = Object.keys(serverErrors).length > 0;
  return (
    <div className="alert alert-error" role="alert">
      {hasFieldErrors ? t("correctFields") : error.message}
      {otherErrors.length > 0 && <span> {otherErrors.join(" ")}</span>}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  hint?: string;
  type?: "text" | "email" | "tel" | "url" | "password";
  className?: string;
  autoComplete?: string;
}

/** A labelled one-line input with its hint and messages. */
export function TextField({ label, value, onChange, errors, required, hint, type = "text", className, autoComplete }: TextFieldProps) {
  return (
    <Field label={label} errors={errors} required={required} hint={hint} className={className}>
      {(control) => <input {...control} type={type} autoComplete={autoComplete} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** The free-form metadata every resource carries, typed as JSON. */
export function MetadataField({ value, onChange, errors }: { value: string; onChange: (value: string) => void; errors?: string[] }) {
  const t = useTranslations("common");
  return (
    <Field label={t("metadata")} errors={errors} hint={t("metadataHint")} className="span-2">
      {(control) => <textarea {...control} rows={3} className="mono" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
