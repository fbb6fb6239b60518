import { describe, expect, it } from "vitest";
import { canChange, registrationApiPath, registrationPath, reviewStatus } from "./registration-types";

describe("reviewStatus", () => {
  it("is approved once review is no longer needed, whatever the reason field says", () => {
    expect(reviewStatus({ needs_review: false, rejection_reason: null })).toBe("approved");
    expect(reviewStatus({ needs_review: false, rejection_reason: "old" })).toBe("approved");
  });

  it("is rejected while a reason is set, pending otherwise", () => {
    expect(reviewStatus({ needs_review: true, rejection_reason: "The TIN is not the company's." })).toBe("rejected");
    expect(reviewStatus({ needs_review: true, rejection_reason: null })).toBe("pending");
  });

  it("allows changes only while review is needed", () => {
    expect(canChange({ needs_review: true })).toBe(true);
    expect(canChange({ needs_review: false })).toBe(false);
  });
});

describe("paths", () => {
  it("encode the id for the dashboard and the API browser", () => {
    expect(registrationPath("acme 50%")).toBe("/registrations/acme%2050%25");
    expect(registrationApiPath("acme 50%")).toBe("/v2/registrations/acme%2050%25/");
  });
});
