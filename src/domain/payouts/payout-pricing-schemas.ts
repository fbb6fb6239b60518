import { z } from "zod";
import { formatMoney, type Breakdown } from "@/domain/pricing/pricing";
import { listEnvelope, ZPageQuery } from "@/domain/shared/pagination";
import { timestampFilterShape } from "@/domain/shared/timestamp-filters";
import { ZCreatePayoutsInput, ZPayoutRelations } from "./payout-schemas";

const money = (description: string) => z.string().meta({ description: `${description}; decimal with two places` });
const item = (description: string) => money(description).nullable();

export const ZPricing = z
  .object({
    amount: money("Gross salary"),
    invoiced_amount: money("amount plus the employer's obligations (payroll, pension, health_insurance)"),
    cost: money("invoiced_amount plus fee: what the Integration pays, VAT excluded"),
    currency: z.string(),
    fee: money("The service's fee, a share of invoiced_amount"),
    payroll: item("Employer payroll contributions; null where none are mandated"),
    tax: money("Preliminary income tax withheld from amount (informational)"),
    vat: money("VAT charged on top of cost"),
    health_insurance: item("Mandated employer health insurance; null where not mandated"),
    pension: item("Mandated employer pension contribution; null where not mandated"),
  })
  .meta({ id: "Pricing" });
export type TPricing = z.infer<typeof ZPricing>;

export const ZPayoutPricing = ZPricing.extend({ payout: z.string().meta({ description: "id of the Payout" }) }).meta({ id: "PayoutPricing" });
export type TPayoutPricing = z.infer<typeof ZPayoutPricing>;

export function toPricingApi(b: Breakdown, currency: string): TPricing {
  const opt = (v: Breakdown["payroll"]) => (v ? formatMoney(v) : null);
  return {
    amount: formatMoney(b.amount),
    invoiced_amount: formatMoney(b.invoiced_amount),
    cost: formatMoney(b.cost),
    currency,
    fee: formatMoney(b.fee),
    payroll: opt(b.payroll),
    tax: formatMoney(b.tax),
    vat: formatMoney(b.vat),
    health_insurance: opt(b.health_insurance),
    pension: opt(b.pension),
  };
}

/** POST /v2/pricing/ takes the body of POST /v2/payouts/ (one object or an array). */
export const ZCalculatePricingInput = ZCreatePayoutsInput;

export const ZListPricingQuery = ZPageQuery.extend({
  ...ZPayoutRelations,
  ...timestampFilterShape(["created_at", "notified_at", "accepted_at", "start_at", "end_at"] as const),
});
export type TListPricingQuery = z.infer<typeof ZListPricingQuery>;

export const ZPricingList = listEnvelope(ZPayoutPricing);
