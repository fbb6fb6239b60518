"use client";

import { formatMoney } from "../money";
import { trpc } from "../trpc";
import { payoutTotalsInput, type PayoutListFilters } from "./payout-types";

/** Amount and cost per currency over all Payouts the filters match (not just the page shown), added up by the server. */
export function PayoutTotals({ filters }: { filters: PayoutListFilters }) {
  const totals = trpc.payouts.totals.useQuery(payoutTotalsInput(filters), { placeholderData: (prev) => prev });
  if (totals.error) {
    return (
      <p className="field-error" role="alert">
        Could not add up the totals: {totals.error.message}
      </p>
    );
  }
  const rows = totals.data?.currencies ?? [];
  if (rows.length === 0) return null;
  return (
    // Focusable: on a phone the table scrolls sideways inside the card, and keyboards must reach that too.
    <div className="card totals" tabIndex={0} role="group" aria-label="Totals per currency">
      <table className="table totals-table" aria-label="Totals per currency">
        <caption className="totals-caption">Totals of the Payouts matching the filters</caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Payouts</th>
            <th scope="col">Amount</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t.currency}>
              <th scope="row">{t.currency}</th>
              <td>{t.count}</td>
              <td className="num">{formatMoney(t.amount)}</td>
              <td className="num">{formatMoney(t.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
