import { describe, expect, it } from "vitest";
import { hostName, isHostAllowed } from "./allowed-hosts";

describe("isHostAllowed (Django's ALLOWED_HOSTS rules)", () => {
  const allowed = ["pay.example.com", ".acme.example", "127.0.0.1", "[::1]"];
  it.each([
    ["pay.example.com", true],
    ["pay.example.com:8443", true],
    ["PAY.EXAMPLE.COM", true],
    ["pay.example.com.", true],
    ["acme.example", true],
    ["api.acme.example:3000", true],
    ["127.0.0.1:3000", true],
    ["[::1]:3000", true],
    ["evil.example", false],
    ["pay.example.com.evil.example", false],
    ["evilacme.example", false],
    ["evil.example/pay.example.com", false],
    ["pay.example.com@evil.example", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (host, expected) => {
    expect(isHostAllowed(host, allowed)).toBe(expected);
  });

  it('"*" allows any well-formed host, never a malformed one', () => {
    expect(isHostAllowed("evil.example:81", ["*"])).toBe(true);
    expect(isHostAllowed("evil example", ["*"])).toBe(false);
    expect(isHostAllowed(undefined, ["*"])).toBe(false);
  });

  it("patterns are compared as host names: case and a port in the setting do not matter", () => {
    expect(isHostAllowed("pay.example.com", ["Pay.Example.com:443"])).toBe(true);
    expect(hostName("[::1]:80")).toBe("[::1]");
  });
});
