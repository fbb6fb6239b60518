/** Pricing rules: worked examples, then properties over many amounts for every basis (fast-check). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { installZodMessages } from "@/i18n/zod-messages";
import { ZMoney } from "./money";
import { CENT, formatMoney, price, priceFromAmount, type Breakdown } from "./pricing";
import { PRICING_TABLES, pricingTableFor, type PricingTable } from "./pricing-tables";

const D = (v: string | number) => new Prisma.Decimal(v);
const SWE = PRICING_TABLES.SWE;
/** A made-up table with every optional item, to show that the rules are the table's, not Sweden's. */
const RICH: PricingTable = { currencies: ["EUR"], payroll: "0.2", pension: "0.045", health_insurance: "0.0725", tax: "0.25", fee: "0.035", vat: "0.2" };
const TABLES = { SWE, RICH };

/** Cents from 0.01 to 10^11, with small values well represented. */
const cents = fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max: 10_000_000_000_000 }));
const money = cents.map((c) => D(c).dividedBy(100));
const RUNS = { numRuns: 2000 };

/** Half up to cents, written independently of the module: floor(x * 100 + 1/2) / 100. */
const halfUp = (x: Prisma.Decimal) => x.times(100).plus("0.5").floor().dividedBy(100);
const twoPlaces = (x: Prisma.Decimal) => x.decimalPlaces() <= 2;

function expectForwardRules(table: PricingTable, b: Breakdown) {
  const items = [b.payroll, b.pension, b.health_insurance];
  for (const v of [b.amount, b.invoiced_amount, b.cost, b.fee, b.tax, b.vat, ...items]) if (v) expect(twoPlaces(v)).toBe(true);
  expect(b.payroll?.toFixed(2) ?? null).toBe(table.payroll === null ? null : halfUp(b.amount.times(table.payroll)).toFixed(2));
  expect(b.pension?.toFixed(2) ?? null).toBe(table.pension === null ? null : halfUp(b.amount.times(table.pension)).toFixed(2));
  expect(items.reduce<Prisma.Decimal>((sum, v) => (v ? sum.plus(v) : sum), b.amount).equals(b.invoiced_amount)).toBe(true);
  expect(b.fee.equals(halfUp(b.invoiced_amount.times(table.fee)))).toBe(true);
  expect(b.cost.equals(b.invoiced_amount.plus(b.fee))).toBe(true);
  expect(b.vat.equals(halfUp(b.cost.times(table.vat)))).toBe(true);
  expect(b.tax.equals(halfUp(b.amount.times(table.tax)))).toBe(true);
}

describe("Swedish worked examples", () => {
  it("amount 1000.00: payroll 31.42 %, fee 5 % of invoiced, VAT 25 % of cost, tax 30 % of amount", () => {
    const b = priceFromAmount(SWE, D("1000"));
    const shown = Object.fromEntries(Object.entries(b).map(([k, v]) => [k, v ? formatMoney(v) : null]));
    expect(shown).toEqual({
      amount: "1000.00",
      payroll: "314.20",
      pension: null,
      health_insurance: null,
      invoiced_amount: "1314.20",
      fee: "65.71",
      cost: "1379.91",
      vat: "344.98",
      tax: "300.00",
    });
  });

  it("halves round up: 100.00 gives vat 34.4975 -> 34.50 and cost 137.99", () => {
    const b = priceFromAmount(SWE, D("100"));
    expect([b.cost, b.vat, b.fee].map(formatMoney)).toEqual(["137.99", "34.50", "6.57"]);
  });

  it("from cost and from invoiced_amount, exact when an amount reproduces the figure", () => {
    const fromCost = price(SWE, "cost", D("1379.91"))!;
    expect(formatMoney(fromCost.amount)).toBe("1000.00");
    const fromInvoiced = price(SWE, "invoiced_amount", D("1314.20"))!;
    expect(formatMoney(fromInvoiced.amount)).toBe("1000.00");
  });

  it("a cost no amount reproduces gives the largest amount below it, and its own (forward) cost", () => {
    // 0.07 costs 0.09 and 0.08 costs 0.12: nothing costs 0.10 or 0.11, and nothing is invoiced at 0.02.
    expect(formatMoney(priceFromAmount(SWE, D("0.07")).cost)).toBe("0.09");
    expect(formatMoney(priceFromAmount(SWE, D("0.08")).cost)).toBe("0.12");
    const b = price(SWE, "cost", D("0.11"))!;
    expect([b.amount, b.invoiced_amount, b.cost].map(formatMoney)).toEqual(["0.07", "0.09", "0.09"]);
    const i = price(SWE, "invoiced_amount", D("0.02"))!;
    expect([i.amount, i.invoiced_amount].map(formatMoney)).toEqual(["0.01", "0.01"]);
  });

  it("Sweden pays in SEK only; unknown countries have no table", () => {
    expect(SWE.currencies).toEqual(["SEK"]);
    expect(pricingTableFor("NOR")).toBeUndefined();
    expect(pricingTableFor("constructor")).toBeUndefined();
  });

  it("a figure below what the smallest amount costs has no price", () => {
    const steep: PricingTable = { ...SWE, payroll: "0.5" };
    expect(formatMoney(priceFromAmount(steep, CENT).cost)).toBe("0.02");
    expect(price(steep, "cost", D("0.01"))).toBeNull();
    expect(price(SWE, "cost", D("0.01"))?.amount.toFixed(2)).toBe("0.01");
  });
});

describe.each(Object.entries(TABLES))("properties (%s table)", (_name, table) => {
  it("from amount: the amount is kept and the figures follow the forward rules", () => {
    fc.assert(
      fc.property(money, (amount) => {
        const b = price(table, "amount", amount)!;
        expect(b.amount.equals(amount)).toBe(true);
        expectForwardRules(table, b);
      }),
      RUNS,
    );
  });

  it("the forward figures grow strictly with the amount (so the inverse is unique)", () => {
    fc.assert(
      fc.property(money, (amount) => {
        const [a, b] = [priceFromAmount(table, amount), priceFromAmount(table, amount.plus(CENT))];
        expect(b.invoiced_amount.greaterThan(a.invoiced_amount)).toBe(true);
        expect(b.cost.greaterThan(a.cost)).toBe(true);
      }),
      RUNS,
    );
  });

  it("amount -> cost -> amount and amount -> invoiced_amount -> amount round-trip exactly", () => {
    fc.assert(
      fc.property(money, (amount) => {
        const forward = priceFromAmount(table, amount);
        expect(price(table, "cost", forward.cost)!.amount.equals(amount)).toBe(true);
        expect(price(table, "invoiced_amount", forward.invoiced_amount)!.amount.equals(amount)).toBe(true);
      }),
      RUNS,
    );
  });

  it.each(["cost", "invoiced_amount"] as const)("from %s: forward-consistent, not above the figure, and the largest such amount", (basis) => {
    fc.assert(
      fc.property(money, (given) => {
        const b = price(table, basis, given);
        if (!b) {
          expect(priceFromAmount(table, CENT)[basis].greaterThan(given)).toBe(true);
          return;
        }
        expectForwardRules(table, b);
        expect(b[basis].lessThanOrEqualTo(given)).toBe(true);
        expect(priceFromAmount(table, b.amount.plus(CENT))[basis].greaterThan(given)).toBe(true);
      }),
      RUNS,
    );
  });

  it("the shortfall is at most one forward step: 1 cent from invoiced_amount, 2 cents from cost (Swedish rates)", () => {
    fc.assert(
      fc.property(money, (given) => {
        const fromInvoiced = price(SWE, "invoiced_amount", given)!;
        expect(given.minus(fromInvoiced.invoiced_amount).lessThanOrEqualTo("0.01")).toBe(true);
        const fromCost = price(SWE, "cost", given)!;
        expect(given.minus(fromCost.cost).lessThanOrEqualTo("0.02")).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("money input", () => {
  installZodMessages();
  const parse = (v: unknown) => ZMoney.safeParse(v);
  const message = (v: unknown) => parse(v).error?.issues[0]?.message;

  it("strings and JSON numbers, read through their decimal text", () => {
    for (const [input, out] of [
      ["1234.5", "1234.50"],
      [1234.5, "1234.50"],
      [" 7 ", "7.00"],
      [100000000000, "100000000000.00"],
      ["0.01", "0.01"],
    ] as const) {
      const r = parse(input);
      expect(r.success && formatMoney(r.data), String(input)).toBe(out);
    }
  });

  it("refuses more than two places, zero, negatives, non-numbers and more than 10^11", () => {
    expect(message("1.005")).toBe("Ensure that there are no more than 2 decimal places.");
    expect(message(0.1 + 0.2)).toBe("Ensure that there are no more than 2 decimal places.");
    expect(message("0")).toBe("Ensure this value is greater than 0.");
    expect(message(-5)).toBe("Ensure this value is greater than 0.");
    expect(message("100000000000.01")).toBe("Ensure this value is less than or equal to 100000000000.");
    for (const bad of ["NaN", "abc", "", "1,5", true, null, {}, "Infinity"]) expect(message(bad), JSON.stringify(bad)).toMatch(/valid number|may not be null/);
  });
});
