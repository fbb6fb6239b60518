import type { Checked } from "../errors";
import { metadataText, parseMetadata } from "../metadata";
import type { RouterInputs } from "../trpc";
import type { Registration } from "./registration-types";

export interface RegistrationFormValues {
  id: string;
  integration_id: string;
  friendly_name: string;
  registered_name: string;
  email: string;
  phone_number: string;
  country: string;
  state: string;
  tin_number: string;
  vat_number: string;
  address_line_1: string;
  address_line_2: string;
  zip_code: string;
  city: string;
  /** JSON text, as typed. */
  metadata: string;
}

export type RegistrationFields = RouterInputs["registrations"]["create"];

export const EMPTY_REGISTRATION: RegistrationFormValues = {
  id: "",
  integration_id: "",
  friendly_name: "",
  registered_name: "",
  email: "",
  phone_number: "",
  country: "",
  state: "",
  tin_number: "",
  vat_number: "",
  address_line_1: "",
  address_line_2: "",
  zip_code: "",
  city: "",
  metadata: "",
};

export function registrationValues(r: Registration): RegistrationFormValues {
  return {
    id: r.id,
    integration_id: r.integration_id,
    friendly_name: r.friendly_name,
    registered_name: r.registered_name,
    email: r.email,
    phone_number: r.phone_number,
    country: r.country,
    state: r.state ?? "",
    tin_number: r.tin_number,
    vat_number: r.vat_number ?? "",
    address_line_1: r.address_line_1,
    address_line_2: r.address_line_2,
    zip_code: r.zip_code,
    city: r.city,
    metadata: metadataText(r.metadata),
  };
}

const orNull = (text: string) => (text.trim() === "" ? null : text);
const orUndefined = (text: string) => (text.trim() === "" ? undefined : text.trim());

/**
 * The request fields from the form; only metadata is checked here, every other rule (TIN, VAT, state per
 * country) is the server's. Blank ids are left out: on create the server generates them, on edit they stay.
 */
export function toRegistrationFields(values: RegistrationFormValues, metadataMessage: string): Checked<RegistrationFields> {
  const metadata = parseMetadata(values.metadata);
  if (!metadata) return { ok: false, errors: { metadata: [metadataMessage] } };
  return {
    ok: true,
    fields: {
      id: orUndefined(values.id),
      integration_id: orUndefined(values.integration_id),
      friendly_name: values.friendly_name,
      registered_name: values.registered_name,
      email: values.email,
      phone_number: values.phone_number,
      country: values.country,
      state: orNull(values.state),
      tin_number: values.tin_number,
      vat_number: orNull(values.vat_number),
      address_line_1: values.address_line_1,
      address_line_2: orNull(values.address_line_2),
      zip_code: values.zip_code,
      city: values.city,
      metadata,
    },
  };
}
