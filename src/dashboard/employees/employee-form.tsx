"use client";

import type { MutationState } from "../trpc";
import { CountryField } from "../ui/country-field";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues } from "../ui/form";
import { toEmployeeFields, type EmployeeFields, type EmployeeFormValues } from "./employee-form-values";

const FORM_FIELDS = ["id", "name", "email", "country", "cellphone_number", "metadata"];

interface EmployeeFormProps {
  initial: EmployeeFormValues;
  idHint: string;
  submitLabel: string;
  mutation: MutationState;
  onSubmit: (id: string, fields: EmployeeFields) => void;
  onCancel: () => void;
}

/** Every field of an Employee; used to create one and, prefilled, to edit one. */
export function EmployeeForm({ initial, idHint, submitLabel, mutation, onSubmit, onCancel }: EmployeeFormProps) {
  const { values, bind } = useFormValues(initial);
  const { errors, sendChecked } = useFormErrors(mutation.error);
  const submit = () => sendChecked(toEmployeeFields(values), (fields) => onSubmit(values.id.trim(), fields));

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label="Name" required errors={errors.name} {...bind("name")} />
      <TextField label="ID" hint={idHint} errors={errors.id} {...bind("id")} />
      <TextField label="Email" type="email" required hint="The invitation is sent here." errors={errors.email} {...bind("email")} />
      <CountryField errors={errors.country} {...bind("country")} />
      <TextField
        label="Cellphone number"
        type="tel"
        hint="With country code, e.g. +46 70 123 45 67, or national for the country."
        errors={errors.cellphone_number}
        {...bind("cellphone_number")}
      />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
    </ServerCheckedForm>
  );
}
