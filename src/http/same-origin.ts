/**
 * CSRF defence for cookie-authenticated writes (the dashboard's tRPC mutations, sign-in and sign-out): a
 * write must come from a page of our own origin. Browsers always send `Origin` on a cross-origin POST;
 * `Sec-Fetch-Site` and `Referer` are the fallbacks when it is missing. A request with none of them is not a
 * browser's cross-site request (curl, a server) and passes; `Origin: null` alone does not. Requests with an `Authorization` header are not
 * cookie-authenticated (the cookie is then ignored) and need no check.
 */
import type http from "node:http";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** What an HTML form can send cross-site without a preflight; our own pages send JSON. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data", "text/plain"]);

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * True for a write that a browser made from another site's page, or with a form's content type. `ownOrigins`:
 * the public origin and the origin the request was addressed to (its Host already passed ALLOWED_HOSTS).
 */
export function isCrossSiteWrite(req: http.IncomingMessage, ownOrigins: readonly string[]): boolean {
  if (SAFE_METHODS.has((req.method ?? "GET").toUpperCase())) return false;
  if (req.headers.authorization !== undefined) return false;
  const type = header(req, "content-type")?.split(";")[0].trim().toLowerCase();
  if (type !== undefined && FORM_TYPES.has(type)) return true;
  const origin = header(req, "origin");
  // "null": an opaque origin, or our own page under `Referrer-Policy: no-referrer` (the magic-link page).
  if (origin !== undefined && origin !== "null") return !ownOrigins.includes(origin);
  const site = header(req, "sec-fetch-site");
  if (site !== undefined) return site !== "same-origin" && site !== "none";
  const referer = header(req, "referer");
  if (referer !== undefined) return !ownOrigins.includes(originOf(referer) ?? "");
  return origin === "null";
}
