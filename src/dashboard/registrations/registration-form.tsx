"use client";

import type { MutationState } from "../trpc";
import { CountryField } from "../ui/country-field";
import { MetadataField, ServerCheckedForm, TextField, useFormErrors, useFormValues } from "../ui/form";
import { EMPTY_REGISTRATION, toRegistrationFields, type RegistrationFields, type RegistrationFormValues } from "./registration-form-values";

const FORM_FIELDS = Object.keys(EMPTY_REGISTRATION);

interface RegistrationFormProps {
  initial: RegistrationFormValues;
  /** Creating: the ids may be left blank. Editing: changing them moves the Registration and its future Integration. */
  mode: "create" | "edit";
  submitLabel: string;
  mutation: MutationState;
  onSubmit: (fields: RegistrationFields) => void;
  onCancel: () => void;
}

/** Every field of a Registration: the company's legal and contact details the review team checks. */
export function RegistrationForm({ initial, mode, submitLabel, mutation, onSubmit, onCancel }: RegistrationFormProps) {
  const { values, bind } = useFormValues(initial);
  const { errors, sendChecked } = useFormErrors(mutation.error);
  const submit = () => sendChecked(toRegistrationFields(values), onSubmit);

  return (
    <ServerCheckedForm mutation={mutation} fields={FORM_FIELDS} submitLabel={submitLabel} onSubmit={submit} onCancel={onCancel}>
      <TextField label="Friendly name" required hint="The approved Integration's name." errors={errors.friendly_name} {...bind("friendly_name")} />
      <TextField label="Registered name" required hint="The company's legal name." errors={errors.registered_name} {...bind("registered_name")} />
      <TextField
        label="Integration ID"
        hint={mode === "create" ? "Optional: the id of the Integration approval creates. Left blank, one is generated." : "The id of the Integration approval creates."}
        errors={errors.integration_id}
        {...bind("integration_id")}
      />
      <TextField
        label="ID"
        hint={mode === "create" ? "Optional: the Registration's own id. Left blank, it is the Integration ID." : "Changing it changes the Registration's URL in the API."}
        errors={errors.id}
        {...bind("id")}
      />
      <TextField label="Email" type="email" required errors={errors.email} {...bind("email")} />
      <TextField label="Phone number" type="tel" required hint="With country code, e.g. +45 33 12 34 56, or national for the country." errors={errors.phone_number} {...bind("phone_number")} />
      <CountryField hint="ISO alpha-3 code, e.g. DNK; type a name to search. SWE is not accepted." errors={errors.country} {...bind("country")} />
      <TextField
        label="State"
        hint="Required for US, CA, AU, BR, MX, IN, CN and JP: a subdivision code (CA or US-CA) or name. Optional elsewhere."
        errors={errors.state}
        {...bind("state")}
      />
      <TextField label="TIN" required hint="The company's tax identification number, checked for the country." errors={errors.tin_number} {...bind("tin_number")} />
      <TextField label="VAT number" hint="Required in the EU member states, e.g. DK18785153." errors={errors.vat_number} {...bind("vat_number")} />
      <TextField label="Address line 1" required errors={errors.address_line_1} {...bind("address_line_1")} />
      <TextField label="Address line 2" errors={errors.address_line_2} {...bind("address_line_2")} />
      <TextField label="ZIP code" required errors={errors.zip_code} {...bind("zip_code")} />
      <TextField label="City" required errors={errors.city} {...bind("city")} />
      <MetadataField errors={errors.metadata} {...bind("metadata")} />
    </ServerCheckedForm>
  );
}
