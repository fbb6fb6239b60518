/**
 * Webhook bodies are serialised like Python's `json.dumps` defaults (", " and ": " separators, non-ASCII
 * escaped as \uXXXX), the format the API's existing receivers re-serialise and verify. The bytes signed
 * are the bytes sent.
 */
import crypto from "node:crypto";

function encodeString(s: string): string {
  return JSON.stringify(s).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

export function pythonJson(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "string") return encodeString(value);
  if (typeof value === "number") return Number.isFinite(value) ? JSON.stringify(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${encodeString(k)}: ${pythonJson(v)}`).join(", ")}}`;
  }
  return "null";
}

/**
 * `Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, signed at `at` (the clock's time).
 * After a roll (roll_secret), one `v1` more for each previous secret still valid: `t=…,v1=<new>,v1=<old>`.
 */
export function signatureHeader(secret: string, body: string, at: Date, ...previous: string[]): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = (key: string) => crypto.createHmac("sha256", key).update(`${t}.${body}`).digest("hex");
  return [`t=${t}`, ...[secret, ...previous].map((key) => `v1=${v1(key)}`)].join(",");
}

/** What a receiver does at `now` (its own time): any `v1` may match; used by our tests and documented in the README. */
export function verifySignature(secret: string, body: string, header: string, now: Date, toleranceSeconds = 300): boolean {
  const parts = header.split(",").map((p) => [p.slice(0, p.indexOf("=")).trim(), p.slice(p.indexOf("=") + 1)] as const);
  const t = Number(parts.find(([name]) => name === "t")?.[1]);
  const signatures = parts.filter(([name, value]) => name === "v1" && value).map(([, value]) => value);
  if (!Number.isInteger(t) || signatures.length === 0 || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${t}.${body}`).digest();
  return signatures.some((v1) => {
    const given = Buffer.from(v1, "hex");
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
}
