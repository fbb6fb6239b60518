import type { Checked } from "../errors";
import { parseMetadata } from "../metadata";
import type { RouterInputs } from "../trpc";
import type { Integration } from "./integration-types";

export interface IntegrationFormValues {
  id: string;
  name: string;
  email: string;
  recipient: string;
  address_line_1: string;
  address_line_2: string;
  zip_code: string;
  city: string;
  /** JSON text, as typed. */
  metadata: string;
}

/** What the person chose for the logo: keep the current one, replace it (data: URL), or remove it. */
export type LogoChoice = { kind: "keep" } | { kind: "replace"; dataUrl: string; filename: string } | { kind: "remove" };

export type IntegrationFields = Omit<RouterInputs["integrations"]["create"], "id">;

export const EMPTY_VALUES: IntegrationFormValues = {
  id: "",
  name: "",
  email: "",
  recipient: "",
  address_line_1: "",
  address_line_2: "",
  zip_code: "",
  city: "",
  metadata: "{}",
};

export function valuesOf(i: Integration): IntegrationFormValues {
  return {
    id: i.id,
    name: i.name,
    email: i.email,
    recipient: i.recipient,
    address_line_1: i.address_line_1,
    address_line_2: i.address_line_2 ?? "",
    zip_code: i.zip_code,
    city: i.city,
    metadata: JSON.stringify(i.metadata, null, 2),
  };
}

/**
 * The request fields from the form. Only metadata is checked here (it must parse as JSON to be sent
 * at all); every other rule is the server's, whose messages the form shows.
 */
export function toRequestFields(values: IntegrationFormValues, logo: LogoChoice, metadataMessage: string): Checked<IntegrationFields> {
  const metadata = parseMetadata(values.metadata);
  if (!metadata) return { ok: false, errors: { metadata: [metadataMessage] } };
  return {
    ok: true,
    fields: {
      name: values.name,
      email: values.email,
      recipient: values.recipient,
      address_line_1: values.address_line_1,
      address_line_2: values.address_line_2.trim() === "" ? null : values.address_line_2,
      zip_code: values.zip_code,
      city: values.city,
      metadata,
      logo: logo.kind === "replace" ? logo.dataUrl : logo.kind === "remove" ? null : undefined,
    },
  };
}

/** The browser reads the chosen file; the server takes base64 or a data: URL in JSON. A failure is shown as `integrations.form.unreadable`. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === "string" ? resolve(reader.result) : reject(new Error("FileReader gave no data: URL")));
    reader.onerror = () => reject(reader.error ?? new Error("FileReader failed"));
    reader.readAsDataURL(file);
  });
}
