import { describe, expect, it } from "vitest";
import { parseMoneyInput } from "../money";
import { EMPTY_PAYOUT, toPayoutRequest, toQuoteRequest } from "./payout-form-values";

const sv = (typed: string) => parseMoneyInput(typed, "sv");
const en = (typed: string) => parseMoneyInput(typed, "en");

const ann = { id: "e-1", name: "Ann" };

describe("toPayoutRequest", () => {
  it("sends the figure under the chosen basis and days as midnight UTC", () => {
    expect(
      toPayoutRequest(
        { ...EMPTY_PAYOUT, employee: ann, basis: "cost", figure: " 1379.91 ", description: "Shift", startDate: "2024-06-01", endDate: "2024-06-30" },
        en,
      ),
    ).toEqual({
      employee: "e-1",
      cost: "1379.91",
      currency: "SEK",
      description: "Shift",
      start_at: "2024-06-01T00:00:00Z",
      end_at: "2024-06-30T00:00:00Z",
    });
  });

  it("still sends a blank figure and no Employee, for the server to name the fields", () => {
    const request = toPayoutRequest(EMPTY_PAYOUT, en);
    expect(request).toMatchObject({ amount: "", currency: "SEK", description: "" });
    expect(request.employee).toBeUndefined();
    expect(request.start_at).toBeUndefined();
  });

  it("reads a Swedish amount, and sends what is no amount as typed", () => {
    expect(toPayoutRequest({ ...EMPTY_PAYOUT, figure: "1 500,50" }, sv).amount).toBe("1500.50");
    expect(toPayoutRequest({ ...EMPTY_PAYOUT, figure: "1500,50" }, sv).amount).toBe("1500.50");
    expect(toPayoutRequest({ ...EMPTY_PAYOUT, figure: "lots" }, sv).amount).toBe("lots");
  });
});

describe("toQuoteRequest", () => {
  it("waits for an Employee and a figure", () => {
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, figure: "100" }, en)).toBeNull();
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, employee: ann, figure: "  " }, en)).toBeNull();
  });

  it("prices the figure with a stand-in description", () => {
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, employee: ann, basis: "invoiced_amount", figure: "500" }, en)).toEqual({
      employee: "e-1",
      invoiced_amount: "500",
      currency: "SEK",
      description: "Price quote",
    });
  });
});
