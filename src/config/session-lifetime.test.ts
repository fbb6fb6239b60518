import { describe, expect, it } from "vitest";
import { betterAuthSessionOptions, DEFAULT_SESSION_TIMES } from "./session-lifetime";

describe("betterAuthSessionOptions", () => {
  it("keeps production's seven days, refreshed daily, by default", () => {
    expect(betterAuthSessionOptions(DEFAULT_SESSION_TIMES)).toEqual({ expiresIn: 604_800, updateAge: 86_400 });
  });

  it("makes a refresh due by the time the warning shows, for short sessions", () => {
    const { expiresIn, updateAge } = betterAuthSessionOptions({ lifetimeSeconds: 40, warningSeconds: 30 });
    expect(expiresIn).toBe(40);
    // The warning shows 10 s after a refresh; better-auth refreshes a session 10 s old.
    expect(updateAge).toBe(10);
  });
});
