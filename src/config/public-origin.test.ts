import { describe, expect, it } from "vitest";
import { readEnv } from "./env";
import { allowedHosts, publicUrl, requireOperatorTwoFactor } from "./public-origin";

const config = (vars: Record<string, string>) => readEnv({ NODE_ENV: "test", ...vars });

describe("PUBLIC_URL and ALLOWED_HOSTS defaults", () => {
  it("PUBLIC_URL unset: http://HOST:PORT; loopback listen addresses also allow localhost, 127.0.0.1 and [::1]", () => {
    const c = config({});
    expect(publicUrl(c)).toBe("http://127.0.0.1:3000");
    expect(allowedHosts(c)).toEqual(["127.0.0.1", "localhost", "[::1]"]);
    expect(publicUrl(config({ HOST: "::1", PORT: "8080" }))).toBe("http://[::1]:8080");
  });

  it("PUBLIC_URL set: its host, plus the listen address", () => {
    const c = config({ PUBLIC_URL: "https://pay.example.com/", HOST: "10.0.0.5" });
    expect(publicUrl(c)).toBe("https://pay.example.com");
    expect(allowedHosts(c)).toEqual(["pay.example.com", "10.0.0.5"]);
  });

  it("ALLOWED_HOSTS replaces the default; * is explicit", () => {
    expect(allowedHosts(config({ ALLOWED_HOSTS: "Pay.example.com, .acme.example" }))).toEqual(["pay.example.com", ".acme.example"]);
    expect(allowedHosts(config({ ALLOWED_HOSTS: "*" }))).toEqual(["*"]);
  });

  it("PUBLIC_URL must be an http(s) origin; the webhook settings are validated", () => {
    expect(() => config({ PUBLIC_URL: "https://pay.example.com/app" })).toThrow(/PUBLIC_URL/);
    expect(() => config({ PUBLIC_URL: "ftp://pay.example.com" })).toThrow(/PUBLIC_URL/);
    expect(() => config({ WEBHOOK_PRIVATE_TARGETS: "yes" })).toThrow(/WEBHOOK_PRIVATE_TARGETS/);
    expect(() => config({ WEBHOOK_TIMEOUT_MS: "0" })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(config({}).WEBHOOK_PRIVATE_TARGETS).toBe("none");
    expect(config({}).WEBHOOK_TIMEOUT_MS).toBe(10_000);
  });
});

describe("REQUIRE_OPERATOR_2FA", () => {
  it("defaults to on for an https PUBLIC_URL and off otherwise; an explicit value wins", () => {
    expect(requireOperatorTwoFactor(config({}))).toBe(false);
    expect(requireOperatorTwoFactor(config({ PUBLIC_URL: "https://pay.example.com" }))).toBe(true);
    expect(requireOperatorTwoFactor(config({ PUBLIC_URL: "https://pay.example.com", REQUIRE_OPERATOR_2FA: "0" }))).toBe(false);
    expect(requireOperatorTwoFactor(config({ REQUIRE_OPERATOR_2FA: "1" }))).toBe(true);
  });
});
