/**
 * The security headers of every answer, in one place: a Content-Security-Policy per kind of page (the
 * Next.js dashboard with a per-request nonce, the API reference at /docs, and everything else: JSON and
 * the /v2/ HTML views), no framing, no MIME sniffing, a referrer policy, and HSTS over https.
 */
import crypto from "node:crypto";
import type http from "node:http";
import { PAGE_STYLE } from "@/http/v2/html-view";

const hash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

function policy(directives: Record<string, string>, https: boolean): string {
  const all = { ...directives, "frame-ancestors": "'none'", ...(https ? { "upgrade-insecure-requests": "" } : {}) };
  return Object.entries(all)
    .map(([k, v]) => (v ? `${k} ${v}` : k))
    .join("; ");
}

/** JSON answers and the /v2/ HTML views: no scripts at all, only the views' own stylesheet. */
function apiPolicy(https: boolean): string {
  return policy({ "default-src": "'none'", "style-src": hash(PAGE_STYLE), "img-src": "'self' data:", "base-uri": "'none'", "form-action": "'none'" }, https);
}

/** The policies that depend on nothing but https, written once (hashing the stylesheet per request showed in profiles). */
const fixedPolicies = (make: (https: boolean) => string) => {
  const [plain, secure] = [make(false), make(true)];
  return (https: boolean) => (https ? secure : plain);
};
const apiPolicyOf = fixedPolicies(apiPolicy);

/** Swagger UI (swagger-ui-dist): its bundle and init script are files of ours; it sets inline styles. */
function docsPolicy(https: boolean): string {
  return policy(
    {
      "default-src": "'none'",
      "script-src": "'self'",
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self' data:",
      "connect-src": "'self'",
      "base-uri": "'none'",
      "form-action": "'self'",
    },
    https,
  );
}
const docsPolicyOf = fixedPolicies(docsPolicy);

/**
 * The dashboard: Next.js marks its scripts with the nonce it reads from the request's CSP header (pages are
 * rendered per request for that); 'strict-dynamic' lets those scripts load the page's chunks. React sets
 * inline style attributes, which nonces cannot cover, hence 'unsafe-inline' for styles only.
 */
function dashboardPolicy(nonce: string, https: boolean): string {
  return policy(
    {
      "default-src": "'self'",
      "script-src": `'self' 'nonce-${nonce}' 'strict-dynamic'`,
      "style-src": "'self' 'unsafe-inline'",
      "img-src": "'self' data: blob:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'self'",
      "form-action": "'self'",
    },
    https,
  );
}

const OURS = /^\/(v2|api|media|healthz|readyz)(\/|$)/;

/** Sets the headers for a request to `path`; for a dashboard page, also hands Next.js the nonce (request header). */
export function applySecurityHeaders(req: http.IncomingMessage, res: http.ServerResponse, path: string, https: boolean): void {
  let csp: string;
  if (path === "/docs" || path.startsWith("/docs/")) csp = docsPolicyOf(https);
  // No path (`OPTIONS *`): the answer is our JSON error, never a dashboard page.
  else if (OURS.test(path) || path === "") csp = apiPolicyOf(https);
  else {
    csp = dashboardPolicy(crypto.randomBytes(16).toString("base64"), https);
    req.headers["content-security-policy"] = csp;
  }
  res.setHeader("Content-Security-Policy", csp);
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("X-Content-Type-Options", "nosniff");
  // The magic-link page carries its token in the URL fragment: it sends no referrer at all.
  res.setHeader("Referrer-Policy", path.startsWith("/e/claim") ? "no-referrer" : "strict-origin-when-cross-origin");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (https) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
}
