import { useId, type ReactNode } from "react";

/** The ids a `Field` ties to its control: label, hint and errors. */
export interface FieldControl {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: boolean;
}

interface FieldProps {
  label: string;
  errors?: string[];
  hint?: string;
  required?: boolean;
  /** Renders the control with the ids it must carry, so that label, hint and errors are tied to it. */
  children: (control: FieldControl) => ReactNode;
  className?: string;
}

/** A labelled form control with its hint and the server's messages for it. */
export function Field({ label, errors, hint, required, children, className }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hasErrors = Boolean(errors && errors.length > 0);
  const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className ? `field ${className}` : "field"}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": hasErrors ? true : undefined, required })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      <FieldErrorText id={errorId} errors={errors} />
    </div>
  );
}

/** The star after a required control's label or legend; hidden from screen readers, which announce `required`. */
function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

interface RequiredFieldsetProps {
  legend: string;
  errors?: string[];
  className: string;
  children: ReactNode;
}

/** A required group of controls under one legend, with the server's messages for the group tied to it. */
export function RequiredFieldset({ legend, errors, className, children }: RequiredFieldsetProps) {
  const errorId = useId();
  const hasErrors = Boolean(errors && errors.length > 0);
  return (
    <fieldset className={className} aria-describedby={hasErrors ? errorId : undefined}>
      <legend>
        {legend}
        <RequiredMark />
      </legend>
      {children}
      <FieldErrorText id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A field's messages, with the id its control's `aria-describedby` points at; nothing when there are none. */
export function FieldErrorText({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors || errors.length === 0) return null;
  return (
    <p className="field-error" id={id}>
      {errors.join(" ")}
    </p>
  );
}
