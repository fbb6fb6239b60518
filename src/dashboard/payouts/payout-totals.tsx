"use client";

import { formatCents, totalsByCurrency } from "../money";
import { trpc } from "../trpc";
import { payoutListInput, type PayoutListFilters } from "./payout-types";

/** The API's largest page, and how many of them the totals read before saying they are partial. */
const TOTALS_PAGE_SIZE = 100;
const TOTALS_MAX_PAGES = 10;

/**
 * Every Payout matching the filters, page by page (the API has no sums), for totals per currency. The pages
 * are ordinary list queries: cached, and refreshed whenever the list is invalidated.
 */
function useFilteredPayouts(filters: PayoutListFilters) {
  const input = (page: number) => ({ ...payoutListInput(page, TOTALS_PAGE_SIZE, filters), expand: [] });
  const first = trpc.payouts.list.useQuery(input(1), { placeholderData: (prev) => prev });
  const count = first.data?.count ?? 0;
  const pages = Math.min(Math.ceil(count / TOTALS_PAGE_SIZE), TOTALS_MAX_PAGES);
  const rest = trpc.useQueries((t) => Array.from({ length: Math.max(0, pages - 1) }, (_, i) => t.payouts.list(input(i + 2))));
  const error = first.error ?? rest.find((q) => q.error)?.error ?? null;
  const complete = first.data !== undefined && rest.every((q) => q.data !== undefined);
  const rows = complete ? [first.data.results, ...rest.map((q) => q.data?.results ?? [])].flat() : [];
  return { count, rows, complete, error, partial: count > TOTALS_PAGE_SIZE * TOTALS_MAX_PAGES };
}

/** Amount and cost per currency over all Payouts the filters match (not just the page shown), summed in exact cents. */
export function PayoutTotals({ filters }: { filters: PayoutListFilters }) {
  const { rows, complete, error, partial } = useFilteredPayouts(filters);
  if (error) {
    return (
      <p className="field-error" role="alert">
        Could not add up the totals: {error.message}
      </p>
    );
  }
  if (!complete || rows.length === 0) return null;
  const totals = totalsByCurrency(rows);
  return (
    <div className="card totals">
      <table className="table totals-table" aria-label="Totals per currency">
        <caption className="totals-caption">
          {partial ? `Totals of the newest ${rows.length} Payouts matching the filters` : "Totals of the Payouts matching the filters"}
        </caption>
        <thead>
          <tr>
            <th scope="col">Currency</th>
            <th scope="col">Payouts</th>
            <th scope="col">Amount</th>
            <th scope="col">Cost</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={t.currency}>
              <th scope="row">{t.currency}</th>
              <td>{t.count}</td>
              <td className="num">{formatCents(t.amount)}</td>
              <td className="num">{formatCents(t.cost)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
