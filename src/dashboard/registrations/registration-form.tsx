"use client";

import { useTranslations } from "use-intl";
import { CountryField } from "../ui/country-field";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues, useSubmitLabel, type ResourceFormProps } from "../ui/form";
import { EMPTY_REGISTRATION, toRegistrationFields, type RegistrationFields, type RegistrationFormValues } from "./registration-form-values";

const FORM_FIELDS = Object.keys(EMPTY_REGISTRATION);

/** Creating, the ids may be left blank; editing, changing them moves the Registration and its future Integration. */
type RegistrationFormProps = ResourceFormProps<RegistrationFormValues, (fields: RegistrationFields) => void>;

/** Every field of a Registration: the company's legal and contact details the review team checks. */
export function RegistrationForm({ initial, mode, mutation, onSubmit, onCancel }: RegistrationFormProps) {
  const { values, bind } = useFormValues(initial);
  const t = useTranslations("registrations");
  const common = useTranslations("common");
  const { errors, sendChecked } = useFormErrors(mutation.error);
  const submitLabel = useSubmitLabel(mode, t("form.create"));
  const submit = () => sendChecked(toRegistrationFields(values, common("metadataInvalid")), onSubmit);

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t("fields.friendly_name")} required hint={t("form.friendlyNameHint")} errors={errors.friendly_name} {...bind("friendly_name")} />
      <TextField
        label={t("fields.registered_name")}
        required
        hint={t("form.registeredNameHint")}
        errors={errors.registered_name}
        {...bind("registered_name")}
      />
      <TextField
        label={t("fields.integration_id")}
        hint={mode === "create" ? t("form.createIntegrationIdHint") : t("form.editIntegrationIdHint")}
        errors={errors.integration_id}
        {...bind("integration_id")}
      />
      <TextField label={t("fields.id")} hint={mode === "create" ? t("form.createIdHint") : t("form.editIdHint")} errors={errors.id} {...bind("id")} />
      <TextField label={t("fields.email")} type="email" required errors={errors.email} {...bind("email")} />
      <TextField label={t("fields.phone_number")} type="tel" required hint={t("form.phoneHint")} errors={errors.phone_number} {...bind("phone_number")} />
      <CountryField hint={t("form.countryHint")} errors={errors.country} {...bind("country")} />
      <TextField label={t("fields.state")} hint={t("form.stateHint")} errors={errors.state} {...bind("state")} />
      <TextField label={t("fields.tin_number")} required hint={t("form.tinHint")} errors={errors.tin_number} {...bind("tin_number")} />
      <TextField label={t("fields.vat_number")} hint={t("form.vatHint")} errors={errors.vat_number} {...bind("vat_number")} />
      <TextField label={t("fields.address_line_1")} required errors={errors.address_line_1} {...bind("address_line_1")} />
      <TextField label={t("fields.address_line_2")} errors={errors.address_line_2} {...bind("address_line_2")} />
      <TextField label={t("fields.zip_code")} required errors={errors.zip_code} {...bind("zip_code")} />
      <TextField label={t("fields.city")} required errors={errors.city} {...bind("city")} />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
    </ServerCheckedForm>
  );
}
