import { useFormat } from "../i18n/use-format";
import { EMPTY } from "../ui/table";
import type { Registration, ShownField } from "./registration-types";

/** One field's value as the detail pages show it: countries by name, times in the reader's zone, blanks as a dash. */
export function RegistrationValue({ registration, field, mono }: { registration: Registration; field: ShownField; mono?: boolean }) {
  const f = useFormat();
  const value = registration[field];
  if (value === null || value === "") return EMPTY;
  if (field === "country") return <>{f.country(value)}</>;
  if (field === "created_at") return <time dateTime={value}>{f.dateTime(value)}</time>;
  return mono ? <span className="mono">{value}</span> : <>{value}</>;
}
