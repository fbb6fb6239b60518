"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { fieldMessages } from "../errors";
import { useFormat } from "../i18n/use-format";
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

type T = ReturnType<typeof useTranslations<"payouts.breakdown">>;
type F = ReturnType<typeof useFormat>;

function lines(p: Pricing, t: T, f: F): Line[] {
  const shown = (value: string | null) => (value === null ? null : f.money(value, p.currency));
  return [
    { label: t("amount"), value: shown(p.amount), note: t("amountNote") },
    { label: t("payroll"), value: shown(p.payroll) },
    { label: t("pension"), value: shown(p.pension) },
    { label: t("health_insurance"), value: shown(p.health_insurance) },
    { label: t("invoiced_amount"), value: shown(p.invoiced_amount) },
    { label: t("fee"), value: shown(p.fee) },
    { label: t("cost"), value: shown(p.cost), note: t("costNote"), total: true },
    { label: t("vat"), value: shown(p.vat) },
    { label: t("totalWithVat"), value: f.sumMoney([p.cost, p.vat], p.currency), total: true },
    { label: t("tax"), value: shown(p.tax), note: t("taxNote") },
  ];
}

/** The live breakdown beside the create form: what the Employee gets, what the contributions and fee add, what you pay. */
export function PriceBreakdown({ integrationId, request }: { integrationId: string; request: PayoutRequest | null }) {
  const t = useTranslations("payouts.breakdown");
  const quote = usePriceQuote(integrationId, request);
  const waiting = request === null;
  const problems = quote.error ? Object.values(fieldMessages(quote.error)).flat() : [];
  return (
    <aside className="price-breakdown" aria-label={t("title")} aria-busy={quote.isFetching}>
      <h3 className="card-title">{t("title")}</h3>
      {waiting ? (
        <p className="muted">{t("waiting")}</p>
      ) : quote.error ? (
        <p className="field-error" role="status">
          {problems.length > 0 ? problems.join(" ") : quote.error.message}
        </p>
      ) : !quote.data ? (
        <p className="muted">{t("pricing")}</p>
      ) : (
        <BreakdownTable pricing={quote.data} stale={quote.isPlaceholderData} />
      )}
      <p className="field-hint">{t("nothingSaved")}</p>
    </aside>
  );
}

function BreakdownTable({ pricing, stale }: { pricing: Pricing; stale: boolean }) {
  const t = useTranslations("payouts.breakdown");
  const f = useFormat();
  return (
    <table className={stale ? "breakdown stale" : "breakdown"}>
      <caption className="visually-hidden">{t("in", { currency: pricing.currency })}</caption>
      <tbody>
        {lines(pricing, t, f).map(
          (line) =>
            line.value !== null && (
              <tr key={line.label} className={line.total ? "breakdown-total" : undefined}>
                <th scope="row">
                  {line.label}
                  {line.note && <span className="muted"> ({line.note})</span>}
                </th>
                <td className="num">{line.value}</td>
              </tr>
            ),
        )}
      </tbody>
    </table>
  );
}
