/**
 * Pricing: the three figures of a Payout and its breakdown, from one given figure (the basis), with exact
 * decimals (Prisma's decimal.js) and one rounding rule.
 *
 * Rounding rule: every item computed from a rate is rounded to whole cents, half up (all figures are
 * positive, so halves go away from zero); sums of rounded items are exact. Forward, from `amount`:
 *   payroll (and pension, health_insurance) = round(amount × rate)
 *   invoiced_amount = amount + payroll + pension + health_insurance
 *   fee  = round(invoiced_amount × fee rate);   cost = invoiced_amount + fee
 *   vat  = round(cost × vat rate)   (charged on top, not part of cost)
 *   tax  = round(amount × tax rate) (withheld from the Employee, inside amount; informational)
 * Backward, from `invoiced_amount` or `cost`: the forward figure grows strictly with the amount (by at least
 * one cent per cent), so the amount chosen is the largest one whose forward figure does not exceed the given
 * one. When some amount reproduces the given figure exactly, that amount is the one chosen; when rounding
 * leaves a gap (no amount reproduces it), the figures reported are the forward ones, a cent or two below.
 * Every result therefore satisfies the forward rules exactly.
 */
import { Prisma } from "@/generated/prisma/client";
import type { PricingTable } from "./pricing-tables";

type Decimal = Prisma.Decimal;
const Decimal = Prisma.Decimal;

export const CENT = new Decimal("0.01");

export const BASES = ["amount", "invoiced_amount", "cost"] as const;
export type Basis = (typeof BASES)[number];

export interface Breakdown {
  amount: Decimal;
  invoiced_amount: Decimal;
  cost: Decimal;
  fee: Decimal;
  payroll: Decimal | null;
  pension: Decimal | null;
  health_insurance: Decimal | null;
  tax: Decimal;
  vat: Decimal;
}

/** The one rounding rule: to whole cents, half up. */
export function roundCents(value: Decimal): Decimal {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

function share(base: Decimal, rate: string | null): Decimal | null {
  return rate === null ? null : roundCents(base.times(rate));
}

/** The breakdown of a gross salary `amount` (two decimals). */
export function priceFromAmount(table: PricingTable, amount: Decimal): Breakdown {
  const payroll = share(amount, table.payroll);
  const pension = share(amount, table.pension);
  const health_insurance = share(amount, table.health_insurance);
  const invoiced_amount = [payroll, pension, health_insurance].reduce<Decimal>((sum, item) => (item ? sum.plus(item) : sum), amount);
  const fee = roundCents(invoiced_amount.times(table.fee));
  const cost = invoiced_amount.plus(fee);
  return {
    amount,
    invoiced_amount,
    cost,
    fee,
    payroll,
    pension,
    health_insurance,
    tax: roundCents(amount.times(table.tax)),
    vat: roundCents(cost.times(table.vat)),
  };
}

/** What one unit of amount becomes in `basis`, before rounding: the starting estimate of the inverse. */
function growth(table: PricingTable, basis: "invoiced_amount" | "cost"): Decimal {
  const employer = [table.payroll, table.pension, table.health_insurance].reduce((sum, rate) => (rate ? sum.plus(rate) : sum), new Decimal(1));
  return basis === "cost" ? employer.times(new Decimal(1).plus(table.fee)) : employer;
}

/** The largest amount whose forward `basis` figure does not exceed `target`; null when not even 0.01 fits. */
function solveAmount(table: PricingTable, basis: "invoiced_amount" | "cost", target: Decimal): Decimal | null {
  const figure = (amount: Decimal) => priceFromAmount(table, amount)[basis];
  let amount = Decimal.max(CENT, target.dividedBy(growth(table, basis)).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  // The estimate is within a few cents of the answer; the forward figure is strictly increasing in amount.
  while (figure(amount).greaterThan(target)) {
    if (amount.lessThanOrEqualTo(CENT)) return null;
    amount = amount.minus(CENT);
  }
  while (figure(amount.plus(CENT)).lessThanOrEqualTo(target)) amount = amount.plus(CENT);
  return amount;
}

/**
 * The breakdown for a figure given as `basis` (positive, two decimals). Null when the figure is below what
 * the smallest amount (0.01) costs under this table.
 */
export function price(table: PricingTable, basis: Basis, value: Decimal): Breakdown | null {
  if (basis === "amount") return priceFromAmount(table, value);
  const amount = solveAmount(table, basis, value);
  return amount ? priceFromAmount(table, amount) : null;
}

/** Money as the API writes it: a string with exactly two decimals ("1234.50"). */
export function formatMoney(value: Decimal): string {
  return value.toFixed(2);
}
