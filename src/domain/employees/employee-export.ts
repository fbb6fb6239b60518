/** CSV export of the Employees a list's filters match (all of them, not one page). */
import type { ScopedDb } from "@/domain/shared/service-context";
import { allRows, toCsv, type TCsvExport } from "@/domain/shared/csv-export";
import type { Locale } from "@/i18n/locale";
import type { TListEmployeesQuery } from "./employee-schemas";
import { listEmployees } from "./employee-list";
import { toEmployeeApi } from "./employee-representation";

export const EMPLOYEE_EXPORT_COLUMNS = [
  "id",
  "name",
  "email",
  "cellphone_number",
  "country",
  "latest_status",
  "created_at",
  "notified_at",
  "claimed_at",
  "verified_at",
] as const;

/** In the reader's CSV style (`locale`): the separator (no column holds a decimal). */
export async function exportEmployees(ctx: ScopedDb, q: Omit<TListEmployeesQuery, "page" | "page_size">, locale: Locale): Promise<TCsvExport> {
  const rows = await allRows((page) => listEmployees(ctx, { ...q, ...page }));
  return toCsv(
    EMPLOYEE_EXPORT_COLUMNS,
    rows.map((row) => {
      const { metadata: _metadata, invitation_code: _code, ...api } = toEmployeeApi(row);
      return api;
    }),
    { locale },
  );
}
