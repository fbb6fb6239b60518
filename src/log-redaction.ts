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
/** tRPC GET queries carry their whole input as JSON in `?input=` (`team.preview` holds an invitation token). */
const TRPC_PATH = /^\/api\/trpc\//;

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
    if (SECRET_PARAM.test(decodeName(name))) return `${name}=${REDACTED}`;
    if (eq !== -1 && TRPC_PATH.test(path) && decodeName(name) === "input") return `${name}=${redactTrpcInput(pair.slice(eq + 1))}`;
    return pair;
  });
  return `${path}?${params.join("&")}`;
}

/**
 * A tRPC `input` parameter with every secret-named field (any depth, batches and transformer wrappers
 * included) replaced; an input that is not readable JSON is replaced whole, since what it holds is unknown.
 */
function redactTrpcInput(encoded: string): string {
  let input: unknown;
  try {
    input = JSON.parse(decodeURIComponent(encoded.replace(/\+/g, " ")));
  } catch {
    return REDACTED;
  }
  return encodeURIComponent(JSON.stringify(redactFields(input)));
}

function redactFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactFields);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, SECRET_PARAM.test(k) ? REDACTED : redactFields(v)]));
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
