"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import type { TrpcError } from "../trpc";
import { ErrorAlert } from "../ui/alert";

/** The claim form's values, as `employeeApp.claim`'s `details` takes them (checked on the server, in the domain). */
export interface ClaimFormValues {
  name: string;
  street: string;
  postal_code: string;
  city: string;
  identity_number: string;
  clearing_number: string;
  account_number: string;
}

const FIELDS = [
  ["name", "name", "name"],
  ["street", "street", "street-address"],
  ["postal_code", "postalCode", "postal-code"],
  ["city", "city", "address-level2"],
  ["identity_number", "identityNumber", "off"],
  ["clearing_number", "clearingNumber", "off"],
  ["account_number", "accountNumber", "off"],
] as const;

/** Identity, bank account, name and address; the server's field errors (in the reader's language) under each field. */
export function ClaimForm(props: {
  initialName: string;
  /** A re-submission's name and address as given last time (the numbers are never sent back: they are typed again). */
  initial?: Partial<Pick<ClaimFormValues, "name" | "street" | "postal_code" | "city">>;
  /** A re-submission's own words: "Send for checking again". */
  submitLabel?: string;
  intro?: string;
  pending: boolean;
  error: TrpcError | null;
  onSubmit: (values: ClaimFormValues) => void;
}) {
  const t = useTranslations("employeeApp.claimForm");
  const [values, setValues] = useState<ClaimFormValues>({
    name: props.initialName,
    street: "",
    postal_code: "",
    city: "",
    identity_number: "",
    clearing_number: "",
    account_number: "",
    ...props.initial,
  });
  const errors = fieldMessages(props.error);
  const general = errors.non_field_errors?.join(" ") ?? (props.error && !props.error.data?.fieldErrors ? props.error.message : null);
  return (
    <form
      className="claim-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(values);
      }}
    >
      <p>{props.intro ?? t("intro")}</p>
      {general && <ErrorAlert>{general}</ErrorAlert>}
      {FIELDS.map(([field, label, autoComplete]) => (
        <div className="field" key={field}>
          <label htmlFor={`claim-${field}`}>{t(label)}</label>
          {field === "identity_number" && <p className="muted field-hint">{t("identityHint")}</p>}
          <input
            id={`claim-${field}`}
            name={field}
            type="text"
            className="input"
            autoComplete={autoComplete}
            inputMode={field === "name" || field === "street" || field === "city" ? "text" : "numeric"}
            value={values[field]}
            aria-invalid={errors[field] ? true : undefined}
            aria-describedby={errors[field] ? `claim-${field}-error` : undefined}
            onChange={(e) => setValues({ ...values, [field]: e.target.value })}
          />
          {errors[field] && (
            <p className="field-error" id={`claim-${field}-error`} role="alert">
              {errors[field].join(" ")}
            </p>
          )}
        </div>
      ))}
      <button type="submit" className="button button-primary button-block button-large" disabled={props.pending}>
        {props.submitLabel ?? t("submit")}
      </button>
    </form>
  );
}
