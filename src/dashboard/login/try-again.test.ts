import { describe, expect, it } from "vitest";
import { tryAgainMessage } from "./try-again";

describe("tryAgainMessage", () => {
  const now = new Date(2026, 10, 23, 14, 0, 0);
  it("says how long, in minutes or seconds, and at what time", () => {
    expect(tryAgainMessage("900", now)).toMatch(/^Too many sign-in attempts\. Try again in 15 minutes \(at (14|02).15( PM)?\)\.$/);
    expect(tryAgainMessage("61", now)).toMatch(/in 2 minutes/);
    expect(tryAgainMessage("42", now)).toMatch(/in 42 seconds/);
    expect(tryAgainMessage("1", now)).toMatch(/in 1 second \(/);
  });
  it("still asks to wait without a usable Retry-After", () => {
    expect(tryAgainMessage(null, now)).toBe("Too many sign-in attempts. Please wait a while before trying again.");
    expect(tryAgainMessage("Wed, 21 Oct 2015 07:28:00 GMT", now)).toMatch(/Please wait/);
  });
});
