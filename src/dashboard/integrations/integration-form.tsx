"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "../ui/field";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues, useSubmitLabel, type ResourceFormProps } from "../ui/form";
import { readAsDataUrl, toRequestFields, type IntegrationFields, type IntegrationFormValues, type LogoChoice } from "./integration-form-values";

const FORM_FIELDS = ["id", "name", "email", "recipient", "address_line_1", "address_line_2", "zip_code", "city", "metadata", "logo"];

interface IntegrationFormProps extends ResourceFormProps<IntegrationFormValues, (id: string, fields: IntegrationFields) => void> {
  /** URL of the current logo, when editing an Integration that has one. */
  currentLogo?: string | null;
}

/** Every field of an Integration; used to create one and, prefilled, to edit one. */
export function IntegrationForm(props: IntegrationFormProps) {
  const { initial, currentLogo, mode, mutation, onSubmit, onCancel } = props;
  const { values, bind } = useFormValues(initial);
  const t = useTranslations("integrations.form");
  const common = useTranslations("common");
  const [logo, setLogo] = useState<LogoChoice>({ kind: "keep" });
  const { errors, setLocalErrors, sendChecked } = useFormErrors(mutation.error);

  async function chooseLogo(file: File | undefined) {
    setLocalErrors(({ logo: _dropped, ...rest }) => rest);
    if (!file) return setLogo({ kind: "keep" });
    try {
      setLogo({ kind: "replace", dataUrl: await readAsDataUrl(file), filename: file.name });
    } catch {
      // The reader's own error is English and technical: the person is told in their language.
      setLocalErrors((prev) => ({ ...prev, logo: [t("unreadable")] }));
    }
  }

  const submitLabel = useSubmitLabel(mode, t("create"));
  const submit = () => sendChecked(toRequestFields(values, logo, common("metadataInvalid")), (fields) => onSubmit(values.id.trim(), fields));

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label={t("name")} required errors={errors.name} {...bind("name")} />
      <TextField label={t("id")} hint={mode === "create" ? t("createIdHint") : t("editIdHint")} errors={errors.id} {...bind("id")} />
      <TextField label={t("email")} type="email" required errors={errors.email} {...bind("email")} />
      <TextField label={t("recipient")} required errors={errors.recipient} {...bind("recipient")} />
      <TextField label={t("addressLine1")} required errors={errors.address_line_1} {...bind("address_line_1")} />
      <TextField label={t("addressLine2")} errors={errors.address_line_2} {...bind("address_line_2")} />
      <TextField label={t("zipCode")} required errors={errors.zip_code} {...bind("zip_code")} />
      <TextField label={t("city")} required errors={errors.city} {...bind("city")} />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
      <Field label={t("logo")} errors={errors.logo} hint={t("logoHint")} className="span-2">
        {(control) => (
          <div className="logo-picker">
            <LogoPreview logo={logo} currentLogo={currentLogo} />
            <input {...control} type="file" accept="image/*" onChange={(e) => void chooseLogo(e.target.files?.[0])} />
            {currentLogo && logo.kind !== "replace" && (
              <label className="checkbox">
                <input type="checkbox" checked={logo.kind === "remove"} onChange={(e) => setLogo(e.target.checked ? { kind: "remove" } : { kind: "keep" })} />
                {t("removeLogo")}
              </label>
            )}
          </div>
        )}
      </Field>
    </ServerCheckedForm>
  );
}

function LogoPreview({ logo, currentLogo }: { logo: LogoChoice; currentLogo?: string | null }) {
  const t = useTranslations("integrations.form");
  const src = logo.kind === "replace" ? logo.dataUrl : logo.kind === "keep" ? currentLogo : null;
  if (!src) return <span className="logo-preview logo-empty" aria-hidden="true" />;
  // A data: URL or our own /media URL; next/image would add nothing here.
  return <img className="logo-preview" src={src} alt={logo.kind === "replace" ? t("newLogo", { filename: logo.filename }) : t("currentLogo")} />;
}
