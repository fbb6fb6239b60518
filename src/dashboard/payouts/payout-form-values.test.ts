import { describe, expect, it } from "vitest";
import { basisLabel, EMPTY_PAYOUT, toPayoutRequest, toQuoteRequest } from "./payout-form-values";

const ann = { id: "e-1", name: "Ann" };

describe("toPayoutRequest", () => {
  it("sends the figure under the chosen basis and days as midnight UTC", () => {
    expect(
      toPayoutRequest({ ...EMPTY_PAYOUT, employee: ann, basis: "cost", figure: " 1379.91 ", description: "Shift", startDate: "2024-06-01", endDate: "2024-06-30" }),
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
    const request = toPayoutRequest(EMPTY_PAYOUT);
    expect(request).toMatchObject({ amount: "", currency: "SEK", description: "" });
    expect(request.employee).toBeUndefined();
    expect(request.start_at).toBeUndefined();
  });
});

describe("toQuoteRequest", () => {
  it("waits for an Employee and a figure", () => {
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, figure: "100" })).toBeNull();
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, employee: ann, figure: "  " })).toBeNull();
  });

  it("prices the figure with a stand-in description", () => {
    expect(toQuoteRequest({ ...EMPTY_PAYOUT, employee: ann, basis: "invoiced_amount", figure: "500" })).toEqual({
      employee: "e-1",
      invoiced_amount: "500",
      currency: "SEK",
      description: "Price quote",
    });
  });
});

it("basisLabel names each basis", () => {
  expect(basisLabel("invoiced_amount")).toBe("Invoiced amount");
});
