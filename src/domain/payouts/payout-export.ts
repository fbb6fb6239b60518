/** CSV export of the Payouts a list's filters match (all of them, not one page). */
import type { ScopedDb } from "@/domain/shared/service-context";
import { allRows, toCsv, type TCsvExport } from "@/domain/shared/csv-export";
import type { Locale } from "@/i18n/locale";
import { toPayoutApi } from "./payout-representation";
import { listPayouts, type PayoutMatch } from "./payout-service";

/** The columns of a Payout export; the first seven are also what a CSV import reads (employee is the Employee's id). */
export const PAYOUT_EXPORT_COLUMNS = [
  "id",
  "employee",
  "amount",
  "currency",
  "description",
  "start_at",
  "end_at",
  "employee_name",
  "employee_email",
  "invoiced_amount",
  "cost",
  "latest_status",
  "payrun",
  "created_at",
] as const;

/** In the reader's CSV style (`locale`): separator and decimal mark. */
export async function exportPayouts(ctx: ScopedDb, q: PayoutMatch, locale: Locale): Promise<TCsvExport> {
  const rows = await allRows((page) => listPayouts(ctx, { ...q, ...page }));
  return toCsv(
    PAYOUT_EXPORT_COLUMNS,
    rows.map((row) => {
      const api = toPayoutApi(row);
      return {
        id: api.id,
        employee: row.employee.id,
        amount: api.amount,
        currency: api.currency,
        description: api.description,
        start_at: api.start_at,
        end_at: api.end_at,
        employee_name: row.employee.name,
        employee_email: row.employee.email,
        invoiced_amount: api.invoiced_amount,
        cost: api.cost,
        latest_status: api.latest_status,
        payrun: row.payrun.id,
        created_at: api.created_at,
      };
    }),
    { locale, decimals: ["amount", "invoiced_amount", "cost"] },
  );
}
