"use client";

import { useTranslations } from "use-intl";
import { useFormat } from "../i18n/use-format";
import { trpc } from "../trpc";
import { TableHead } from "../ui/table";
import { payoutTotalsInput, type PayoutListFilters } from "./payout-types";

/** Amount and cost per currency over all Payouts the filters match (not just the page shown), added up by the server. */
export function PayoutTotals({ filters }: { filters: PayoutListFilters }) {
  const t = useTranslations("payouts.totals");
  const f = useFormat();
  const totals = trpc.payouts.totals.useQuery(payoutTotalsInput(filters), { placeholderData: (prev) => prev });
  if (totals.error) {
    return (
      <p className="field-error" role="alert">
        {t("failed", { message: totals.error.message })}
      </p>
    );
  }
  const rows = totals.data?.currencies ?? [];
  if (rows.length === 0) return null;
  return (
    // Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too.
    <div className="card totals" tabIndex={0} role="group" aria-label={t("label")}>
      <table className="table totals-table" aria-label={t("label")}>
        <caption className="totals-caption">{t("caption")}</caption>
        <TableHead columns={[t("currency"), t("payouts"), t("amount"), t("cost")]} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.currency}>
              <th scope="row">{row.currency}</th>
              <td>{f.count(row.count)}</td>
              <td className="num">{f.money(row.amount, row.currency)}</td>
              <td className="num">{f.money(row.cost, row.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
