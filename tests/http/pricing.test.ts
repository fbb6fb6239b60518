/**
 * Pricing through /v2/: POST /pricing/ (the Payout body, nothing saved), the breakdowns of saved Payouts,
 * and, over HTTP on the real database, properties of every amount basis for many amounts (fast-check).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma } from "@/generated/prisma/client";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const INT = "pricing-int";

type Pricing = Record<"amount" | "invoiced_amount" | "cost" | "currency" | "fee" | "tax" | "vat", string> &
  Record<"payroll" | "health_insurance" | "pension", string | null> & { payout?: string };
type Payout = { id: string; amount: string; invoiced_amount: string; cost: string; payrun: string };

const headers = { "Integration-ID": INT };
const body = (over: Record<string, unknown> = {}) => ({ employee: "sara", amount: "1000.00", currency: "SEK", description: "Pricing", ...over });
const quote = <T = Pricing>(b: unknown, h: Record<string, string> = headers) => app.json<T>("/v2/pricing/", { method: "POST", key, headers: h, body: b });
const D = (v: string) => new Prisma.Decimal(v);

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: INT }) });
  await app.json("/v2/employees/", { method: "POST", key, headers, body: { id: "sara", name: "Sara Ek", email: "sara@example.se", country: "SWE" } });
  await app.json("/v2/employees/", { method: "POST", key, headers, body: { id: "ola", name: "Ola Nordmann", email: "ola@example.no", country: "NOR" } });
});
afterAll(() => app?.close());

describe("POST /v2/pricing/", () => {
  it("answers 200 with the breakdown and saves nothing", async () => {
    const before = await Promise.all([app.db.payout.count(), app.db.payrun.count(), app.db.event.count()]);
    const res = await quote(body());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      amount: "1000.00",
      invoiced_amount: "1314.20",
      cost: "1379.91",
      currency: "SEK",
      fee: "65.71",
      payroll: "314.20",
      tax: "300.00",
      vat: "344.98",
      health_insurance: null,
      pension: null,
    });
    expect(await Promise.all([app.db.payout.count(), app.db.payrun.count(), app.db.event.count()])).toEqual(before);
  });

  it("takes each basis, and an array (answered with an array in order)", async () => {
    const res = await quote<Pricing[]>([body(), body({ amount: undefined, invoiced_amount: "1314.20" }), body({ amount: undefined, cost: 1379.91 })]);
    expect(res.status).toBe(200);
    expect(res.body.map((p) => [p.amount, p.invoiced_amount, p.cost])).toEqual(Array(3).fill(["1000.00", "1314.20", "1379.91"]));
  });

  it("an inline Employee is priced by its country and not created; an existing match is used", async () => {
    const res = await quote(body({ employee: { name: "New Person", email: "new@example.se", country: "SWE" } }));
    expect(res.status).toBe(200);
    expect(res.body.cost).toBe("1379.91");
    expect(await app.db.employee.count({ where: { email: "new@example.se" } })).toBe(0);
    // sara@example.se exists in Sweden, so the inline object's country does not matter.
    expect((await quote(body({ employee: { name: "Sara", email: "SARA@example.se", country: "NOR" } }))).status).toBe(200);
    const norway = await quote(body({ employee: { name: "Kari", email: "kari@example.no", country: "NOR" } }));
    expect(norway.body).toEqual({ employee: ["Payouts to Employees in NOR are not supported yet."] });
  });

  it("the same errors as POST /v2/payouts/, index-aligned for arrays", async () => {
    expect((await quote(body({ employee: "ola" }))).body).toEqual({ employee: ["Payouts to Employees in NOR are not supported yet."] });
    expect((await quote(body({ currency: "NOK" }))).body).toEqual({ currency: ['Payouts to Employees in SWE cannot be made in "NOK". Use SEK.'] });
    expect((await quote(body({ cost: "5.00" }))).body).toEqual({ non_field_errors: ["Give exactly one of amount, invoiced_amount or cost."] });
    const bulk = await quote([body(), body({ employee: "ghost" }), body({ amount: "-1" })]);
    expect(bulk.status).toBe(400);
    expect(bulk.body).toEqual([{}, { employee: ['Object with id "ghost" does not exist.'] }, { amount: ["Ensure this value is greater than 0."] }]);
    expect((await quote(body(), {})).status).toBe(400);
  });
});

describe("breakdowns of saved Payouts", () => {
  it("GET /v2/pricing/{payout_id}/ equals the quote; GET /v2/pricing/ lists them with filters", async () => {
    const q = await quote(body({ amount: undefined, cost: "777.77" }));
    const created = await app.json<Payout>("/v2/payouts/", { method: "POST", key, headers, body: body({ id: "saved-1", amount: undefined, cost: "777.77" }) });
    expect(created.status).toBe(201);
    const one = await app.json<Pricing>("/v2/pricing/saved-1/", { key, headers });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ ...q.body, payout: "saved-1" });

    const list = await app.json<{ count: number; results: Pricing[] }>("/v2/pricing/?employee=sara", { key, headers });
    expect(list.body.results.find((p) => p.payout === "saved-1")).toEqual(one.body);
    expect((await app.json<{ count: number }>("/v2/pricing/?employee=ola", { key, headers })).body.count).toBe(0);
    expect((await app.json<{ count: number }>(`/v2/pricing/?payrun=${created.body.payrun}`, { key, headers })).body.count).toBe(1); // saved-1 alone
    expect((await app.json<{ count: number }>("/v2/pricing/?notified_at_null=false", { key, headers })).body.count).toBe(0);
    expect((await app.json("/v2/pricing/nope/", { key, headers })).status).toBe(404);
  });

  it("another Integration or account sees none of them", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "pricing-other" }) });
    expect((await app.json("/v2/pricing/saved-1/", { key, headers: { "Integration-ID": "pricing-other" } })).status).toBe(404);
    expect((await app.json<{ count: number }>("/v2/pricing/", { key, headers: { "Integration-ID": "pricing-other" } })).body.count).toBe(0);
    const stranger = await app.newKey("demo");
    expect((await app.json("/v2/pricing/saved-1/", { key: stranger.key, headers })).status).toBe(404);
  });
});

/** Cents as decimal strings up to `max` cents, small values well represented. */
const moneyText = (max: number) =>
  fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 1, max })).map((cents) => D(String(cents)).dividedBy(100).toFixed(2));
/** Any figure a client may give (at most 10^11). */
const anyFigure = moneyText(10_000_000_000_000);
/** Amounts whose cost is also a figure a client may give (cost is about 1.38 x amount). */
const amountWithValidCost = moneyText(7_000_000_000_000);
const halfUp = (x: Prisma.Decimal) => x.times(100).plus("0.5").floor().dividedBy(100);

/** The forward rules of the Swedish table, checked on the strings the API returns. */
function expectConsistent(p: Pricing) {
  for (const field of ["amount", "invoiced_amount", "cost", "fee", "payroll", "tax", "vat"] as const) expect(p[field]).toMatch(/^\d+\.\d\d$/);
  const amount = D(p.amount);
  expect(D(p.payroll!).equals(halfUp(amount.times("0.3142")))).toBe(true);
  expect(D(p.invoiced_amount).equals(amount.plus(p.payroll!))).toBe(true);
  expect(D(p.fee).equals(halfUp(D(p.invoiced_amount).times("0.05")))).toBe(true);
  expect(D(p.cost).equals(D(p.invoiced_amount).plus(p.fee))).toBe(true);
  expect(D(p.vat).equals(halfUp(D(p.cost).times("0.25")))).toBe(true);
  expect(D(p.tax).equals(halfUp(amount.times("0.30")))).toBe(true);
}

describe("properties of every basis, over HTTP (fast-check)", () => {
  const runs = { numRuns: 40 };

  it("from amount: kept, forward-consistent, and the cost and invoiced_amount it gives lead back to it", async () => {
    await fc.assert(
      fc.asyncProperty(amountWithValidCost, async (amount) => {
        const [fromAmount] = (await quote<Pricing[]>([body({ amount })])).body;
        expect(fromAmount.amount).toBe(amount);
        expectConsistent(fromAmount);
        const back = (
          await quote<Pricing[]>([body({ amount: undefined, cost: fromAmount.cost }), body({ amount: undefined, invoiced_amount: fromAmount.invoiced_amount })])
        ).body;
        expect(back).toEqual([fromAmount, fromAmount]);
      }),
      runs,
    );
  });

  it("from cost or invoiced_amount: forward-consistent, never above the figure, at most 2 (cost) or 1 (invoiced) cents below", async () => {
    await fc.assert(
      fc.asyncProperty(anyFigure, async (figure) => {
        const [fromCost, fromInvoiced] = (
          await quote<Pricing[]>([body({ amount: undefined, cost: figure }), body({ amount: undefined, invoiced_amount: figure })])
        ).body;
        expectConsistent(fromCost);
        expectConsistent(fromInvoiced);
        const shortfall = (given: string, got: string) => D(given).minus(got);
        expect(shortfall(figure, fromCost.cost).greaterThanOrEqualTo(0) && shortfall(figure, fromCost.cost).lessThanOrEqualTo("0.02")).toBe(true);
        expect(
          shortfall(figure, fromInvoiced.invoiced_amount).greaterThanOrEqualTo(0) && shortfall(figure, fromInvoiced.invoiced_amount).lessThanOrEqualTo("0.01"),
        ).toBe(true);
      }),
      runs,
    );
  });

  it("a created Payout stores exactly the quoted figures (exact decimals in the database)", async () => {
    const figures = fc.sample(anyFigure, { numRuns: 30, seed: 42 });
    const bodies = figures.map((figure, i) => body({ amount: undefined, [["amount", "invoiced_amount", "cost"][i % 3]]: figure }));
    const quotes = (await quote<Pricing[]>(bodies)).body;
    const created = await app.json<Payout[]>("/v2/payouts/", { method: "POST", key, headers, body: bodies });
    expect(created.status).toBe(201);
    for (const [i, p] of created.body.entries()) {
      const stored = await app.json<Pricing>(`/v2/pricing/${p.id}/`, { key, headers });
      expect(stored.body).toEqual({ ...quotes[i], payout: p.id });
      expect([p.amount, p.invoiced_amount, p.cost]).toEqual([quotes[i].amount, quotes[i].invoiced_amount, quotes[i].cost]);
    }
  });
});
