import type { Checked } from "../errors";
import { metadataText, parseMetadata } from "../metadata";
import type { RouterInputs } from "../trpc";
import type { Employee } from "./employee-types";

export interface EmployeeFormValues {
  id: string;
  name: string;
  email: string;
  country: string;
  cellphone_number: string;
  /** JSON text, as typed. */
  metadata: string;
}

export type EmployeeFields = Omit<RouterInputs["employees"]["create"], "id">;

export const EMPTY_EMPLOYEE: EmployeeFormValues = { id: "", name: "", email: "", country: "", cellphone_number: "", metadata: "" };

export function employeeValues(e: Employee): EmployeeFormValues {
  return {
    id: e.id,
    name: e.name,
    email: e.email ?? "",
    country: e.country,
    cellphone_number: e.cellphone_number ?? "",
    metadata: metadataText(e.metadata),
  };
}

/** The request fields from the form; only metadata is checked here, every other rule is the server's. */
export function toEmployeeFields(values: EmployeeFormValues, metadataMessage: string): Checked<EmployeeFields> {
  const metadata = parseMetadata(values.metadata);
  if (!metadata) return { ok: false, errors: { metadata: [metadataMessage] } };
  const phone = values.cellphone_number.trim();
  return {
    ok: true,
    fields: {
      name: values.name,
      email: values.email,
      country: values.country,
      cellphone_number: phone === "" ? null : phone,
      metadata,
    },
  };
}
