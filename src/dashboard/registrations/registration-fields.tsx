import { countryLabel } from "../employees/countries";
import { formatDateTime } from "../format";
import { EMPTY } from "../ui/table";
import type { Registration, ShownField } from "./registration-types";

/** One field's value as the detail pages show it: countries by name, times in the reader's zone, blanks as a dash. */
export function RegistrationValue({ registration, field, mono }: { registration: Registration; field: ShownField; mono?: boolean }) {
  const value = registration[field];
  if (value === null || value === "") return EMPTY;
  if (field === "country") return <>{countryLabel(value)}</>;
  if (field === "created_at") return <time dateTime={value}>{formatDateTime(value)}</time>;
  return mono ? <span className="mono">{value}</span> : <>{value}</>;
}
