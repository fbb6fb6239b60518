/**
 * Pricing tables: one row per country of the Employee (ISO 3166 alpha-3). This is data, not code: adding a
 * country is adding a row, and pricing.ts applies any row the same way. Rates are decimal strings so that
 * they stay exact; every rate is a share of the figure named in its comment.
 */
export interface PricingTable {
  /** The currencies a Payout to an Employee in this country may be in (ISO 4217). */
  currencies: readonly string[];
  /** Employer payroll contributions, of `amount`; part of invoiced_amount. */
  payroll: string | null;
  /** Mandated employer pension contribution, of `amount`; part of invoiced_amount. Null when not mandated. */
  pension: string | null;
  /** Mandated employer health insurance, of `amount`; part of invoiced_amount. Null when not mandated. */
  health_insurance: string | null;
  /** Preliminary income tax withheld from the Employee, of `amount` (informational: it is inside amount). */
  tax: string;
  /** The service's fee, of `invoiced_amount`; cost = invoiced_amount + fee. */
  fee: string;
  /** VAT charged on top of `cost` (not part of cost). */
  vat: string;
}

export const PRICING_TABLES: Readonly<Record<string, PricingTable>> = {
  // Sweden: arbetsgivaravgifter 31.42 %, preliminary tax 30 %, the service's fee 5 %, moms 25 %.
  SWE: { currencies: ["SEK"], payroll: "0.3142", pension: null, health_insurance: null, tax: "0.30", fee: "0.05", vat: "0.25" },
};

export function pricingTableFor(country: string): PricingTable | undefined {
  return Object.hasOwn(PRICING_TABLES, country) ? PRICING_TABLES[country] : undefined;
}
