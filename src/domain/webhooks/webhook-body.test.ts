import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signatureHeader, verifySignature } from "./webhook-body";

const at = new Date("2031-01-01T00:00:00.000Z");
const body = '{"id": "e-1", "name": "\\u00c5sa"}';
const hmac = (secret: string) =>
  crypto
    .createHmac("sha256", secret)
    .update(`${at.getTime() / 1000}.${body}`)
    .digest("hex");

describe("Service-Signature", () => {
  it("with one secret is exactly t=<unix>,v1=<hex HMAC-SHA256 of '<t>.<body>'>, as before rolls existed", () => {
    expect(signatureHeader("new-secret-0123456789", body, at)).toBe(`t=${at.getTime() / 1000},v1=${hmac("new-secret-0123456789")}`);
  });

  it("after a roll carries the new secret's v1 first, then the previous one's; a verifier accepts any v1", () => {
    const header = signatureHeader("new-secret-0123456789", body, at, "old-secret-0123456789");
    expect(header).toBe(`t=${at.getTime() / 1000},v1=${hmac("new-secret-0123456789")},v1=${hmac("old-secret-0123456789")}`);
    expect(verifySignature("new-secret-0123456789", body, header, at)).toBe(true);
    expect(verifySignature("old-secret-0123456789", body, header, at)).toBe(true);
    expect(verifySignature("other-secret-012345678", body, header, at)).toBe(false);
    expect(verifySignature("new-secret-0123456789", `${body} `, header, at)).toBe(false);
    expect(verifySignature("new-secret-0123456789", body, header, new Date(at.getTime() + 301_000))).toBe(false);
    expect(verifySignature("new-secret-0123456789", body, `t=${at.getTime() / 1000}`, at)).toBe(false);
  });
});
