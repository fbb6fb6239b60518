/**
 * What never reaches a log: credentials in URLs (API keys sent as `?token=`, magic-link and reset tokens)
 * and in headers. Used by the logger (src/log.ts), so every line is redacted the same way.
 */

export const REDACTED = "[REDACTED]";

/** Query parameter names that carry a credential (substring, any case): `token`, `api_key`, `client_secret`… */
const SECRET_PARAM = /token|key|secret|pass(word|wd)?|pwd|signature|sig$|code|auth|credential|session/i;

/** Paths that carry a credential: better-auth's reset links (a token segment), and the magic link's page (any query). */
const TOKEN_SEGMENT = /^(\/api\/auth\/(?:reset-password|magic-link)\/)[^/?]+/;
const MAGIC_LINK_PAGE = /^\/e\/claim\/?$/;

/** A request URL as it may be logged: the path (or `[REDACTED]` for a secret path), and every secret query value replaced. */
export function redactUrl(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  const withoutFragment = raw.split("#")[0];
  const q = withoutFragment.indexOf("?");
  const path = (q === -1 ? withoutFragment : withoutFragment.slice(0, q)).replace(TOKEN_SEGMENT, `$1${REDACTED}`);
  const query = q === -1 ? null : withoutFragment.slice(q + 1);
  if (query === null) return path;
  if (MAGIC_LINK_PAGE.test(path)) return `${path}?${REDACTED}`;
  const params = query.split("&").map((pair) => {
    const eq = pair.indexOf("=");
    const name = eq === -1 ? pair : pair.slice(0, eq);
    return SECRET_PARAM.test(decodeName(name)) ? `${name}=${REDACTED}` : pair;
  });
  return `${path}?${params.join("&")}`;
}

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
}

/** pino `redact` paths: credential headers wherever a request or response is logged, and secret fields. */
export const REDACT_PATHS = [
  ...["authorization", "cookie", '["set-cookie"]', '["x-api-key"]', '["proxy-authorization"]'].flatMap((h) => [
    `headers${h.startsWith("[") ? h : `.${h}`}`,
    `*.headers${h.startsWith("[") ? h : `.${h}`}`,
  ]),
  ...["password", "token", "secret", "secret_key", "key", "apiKey"].flatMap((f) => [f, `*.${f}`]),
];
