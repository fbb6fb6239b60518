"use client";

import { useTranslations } from "use-intl";
import { CountryField } from "../ui/country-field";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues, useSubmitLabel, type ResourceFormProps } from "../ui/form";
import { toEmployeeFields, type EmployeeFields, type EmployeeFormValues } from "./employee-form-values";

const FORM_FIELDS = ["id", "name", "email", "country", "cellphone_number", "metadata"];

type EmployeeFormProps = ResourceFormProps<EmployeeFormValues, (id: string, fields: EmployeeFields) => void>;

/** Every field of an Employee; used to create one and, prefilled, to edit one. */
export function EmployeeForm({ initial, mode, mutation, onSubmit, onCancel }: EmployeeFormProps) {
  const { values, bind } = useFormValues(initial);
  const t = useTranslations("employees.form");
  const common = useTranslations("common");
  const { errors, sendChecked } = useFormErrors(mutation.error);
  const submitLabel = useSubmitLabel(mode, t("create"));
  const submit = () => sendChecked(toEmployeeFields(values, common("metadataInvalid")), (fields) => onSubmit(values.id.trim(), fields));

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t("name")} required errors={errors.name} {...bind("name")} />
      <TextField label={t("id")} hint={mode === "create" ? t("createIdHint") : t("editIdHint")} errors={errors.id} {...bind("id")} />
      <TextField label={t("email")} type="email" required hint={t("emailHint")} errors={errors.email} {...bind("email")} />
      <CountryField errors={errors.country} {...bind("country")} />
      <TextField label={t("phone")} type="tel" hint={t("phoneHint")} errors={errors.cellphone_number} {...bind("cellphone_number")} />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
    </ServerCheckedForm>
  );
}
