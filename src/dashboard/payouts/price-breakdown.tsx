"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { fieldMessages } from "../errors";
import { formatMoney, sumMoney } from "../money";
import { trpc, type TrpcError } from "../trpc";
import { useDebouncedValue } from "../use-debounced-value";
import type { PayoutRequest } from "./payout-form-values";
import type { Pricing } from "./payout-types";

/**
 * The price of a Payout body as it is typed. `pricing.calculate` is a mutation (POST /v2/pricing/) that
 * saves nothing; it is run as a query here so that each body is priced once, cached, and a stale answer
 * never overwrites a newer one.
 */
function usePriceQuote(integrationId: string, request: PayoutRequest | null) {
  const utils = trpc.useUtils();
  const settled = useDebouncedValue(request);
  return useQuery<Pricing, TrpcError>({
    // The server prices for the Integration in the cookie; an Employee id means another Employee in another one.
    queryKey: ["pricing.calculate", integrationId, settled],
    queryFn: async () => {
      const quote = await utils.client.pricing.calculate.mutate(settled);
      // One body in, one breakdown out; an array answers only an array.
      return Array.isArray(quote) ? quote[0] : quote;
    },
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 60_000,
  });
}

interface Line {
  label: string;
  /** Formatted for display; null where the item does not apply (e.g. no mandated pension). */
  value: string | null;
  note?: string;
  total?: boolean;
}

const shown = (value: string | null) => (value === null ? null : formatMoney(value));

function lines(p: Pricing): Line[] {
  return [
    { label: "Amount", value: shown(p.amount), note: "gross salary" },
    { label: "Payroll contributions", value: shown(p.payroll) },
    { label: "Pension", value: shown(p.pension) },
    { label: "Health insurance", value: shown(p.health_insurance) },
    { label: "Invoiced amount", value: shown(p.invoiced_amount) },
    { label: "Fee", value: shown(p.fee) },
    { label: "Cost", value: shown(p.cost), note: "what you pay", total: true },
    { label: "VAT", value: shown(p.vat) },
    { label: "Total with VAT", value: sumMoney([p.cost, p.vat]), total: true },
    { label: "Preliminary tax", value: shown(p.tax), note: "withheld from the amount" },
  ];
}

/** The live breakdown beside the create form: what the Employee gets, what the contributions and fee add, what you pay. */
export function PriceBreakdown({ integrationId, request }: { integrationId: string; request: PayoutRequest | null }) {
  const quote = usePriceQuote(integrationId, request);
  const waiting = request === null;
  const problems = quote.error ? Object.values(fieldMessages(quote.error)).flat() : [];
  return (
    <aside className="price-breakdown" aria-label="Price breakdown" aria-busy={quote.isFetching}>
      <h3 className="card-title">Price breakdown</h3>
      {waiting ? (
        <p className="muted">Choose an Employee and enter a figure to see the price.</p>
      ) : quote.error ? (
        <p className="field-error" role="status">
          {problems.length > 0 ? problems.join(" ") : quote.error.message}
        </p>
      ) : !quote.data ? (
        <p className="muted">Pricing…</p>
      ) : (
        <BreakdownTable pricing={quote.data} stale={quote.isPlaceholderData} />
      )}
      <p className="field-hint">Nothing is saved until you create the Payout.</p>
    </aside>
  );
}

function BreakdownTable({ pricing, stale }: { pricing: Pricing; stale: boolean }) {
  return (
    <table className={stale ? "breakdown stale" : "breakdown"}>
      <caption className="visually-hidden">In {pricing.currency}</caption>
      <tbody>
        {lines(pricing).map(
          (line) =>
            line.value !== null && (
              <tr key={line.label} className={line.total ? "breakdown-total" : undefined}>
                <th scope="row">
                  {line.label}
                  {line.note && <span className="muted"> ({line.note})</span>}
                </th>
                <td className="num">
                  {line.value} {pricing.currency}
                </td>
              </tr>
            ),
        )}
      </tbody>
    </table>
  );
}
