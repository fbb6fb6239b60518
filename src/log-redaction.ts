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
  // Most URLs (a retrieve's) hold nothing to redact: returned as they are, without copies (a request's log line).
  if (!raw.includes("?") && !raw.includes("#") && !raw.startsWith("/api/auth/")) return raw;
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
  // The claim form's encrypted details (src/domain/employees/claim-details-rules.ts), should an input ever be logged.
  ...["identity_number", "clearing_number", "account_number"].flatMap((f) => [f, `*.${f}`, `*.details.${f}`]),
];

/**
 * Body fields whose values never reach the request log (src/domain/request-log/): credentials (keys, secrets,
 * tokens, passwords, one-time and invitation codes), personal identity numbers (a sole trader's `tin_number` is
 * one) and bank details. Matched on the field's name, any case, snake or camel.
 */
const SECRET_FIELD =
  /pass(word|wd)?|pwd|secret|token|api_?key|private_?key|^key$|_key$|authori[sz]ation|credential|signature|cookie|(invitation|backup|verification|otp|totp|recovery)_?codes?|^otp$|personal_?(identity_)?(number|id)|personnummer|identity_?number|national_?id|^ssn$|^tin(_number)?$|tinnumber|iban|^bic$|swift|account_?number|clearing|bank|bankgiro|plusgiro|routing_?number|sort_?code|card_?number|cvc|cvv/i;

/**
 * Secrets recognised by their value wherever they stand (an API key echoed in an error message): Payroute's
 * keys, Swedish personal identity numbers (YYMMDD-NNNN with its separator, or YYYYMMDDNNNN) and IBANs.
 */
const SECRET_VALUES = [
  /pr_(?:live|demo)_[0-9A-Za-z]{32}/g,
  /\b(?:19|20)?\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])[-+]\d{4}\b/g,
  /\b(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{4}\b/g,
  /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?\b/g,
];

/** A field name the request log keeps no value of. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name);
}

function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_VALUES) out = out.replace(pattern, REDACTED);
  return out;
}

/** A parsed body with every secret field's value and every secret-looking string replaced; files are described, not kept. */
export function redactBodyValue(value: unknown): unknown {
  if (typeof value === "string") return redactText(value);
  if (Array.isArray(value)) return value.map(redactBodyValue);
  if (typeof File !== "undefined" && value instanceof File) return `[file ${value.name}, ${value.size} bytes]`;
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactText(k), isSecretField(k) ? REDACTED : redactBodyValue(v)]));
}

/** `"name": "value"` (JSON) and `name=value` (forms, multipart's `name="…"` parts too) pairs of secret fields in text that does not parse. */
const JSON_PAIR = /("([^"\\]{1,100})"\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]+)/g;
const FORM_PAIR = /(^|[&?;\s])([^=&\s]{1,100})=([^&\s]*)/g;
const MULTIPART_PART = /(name="([^"]{1,100})"[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([^\r\n]*)/g;

/**
 * A body's text as the request log may keep it: parsed as JSON or a form when it is one, every secret
 * redacted (`redactBodyValue`); text that is neither (cut short, malformed, multipart) by its secret pairs
 * and values.
 */
export function redactBodyText(text: string, mediaType = "application/json"): string {
  if (mediaType === "application/x-www-form-urlencoded") {
    const params = new URLSearchParams(text);
    const out = new URLSearchParams();
    for (const [k, v] of params) out.append(k, isSecretField(k) ? REDACTED : redactText(v));
    return out.toString();
  }
  try {
    return JSON.stringify(redactBodyValue(JSON.parse(text)));
  } catch {
    return redactText(
      text
        .replace(JSON_PAIR, (all, head: string, name: string) => (isSecretField(name) ? `${head}"${REDACTED}"` : all))
        .replace(MULTIPART_PART, (all, head: string, name: string) => (isSecretField(name) ? `${head}${REDACTED}` : all))
        .replace(FORM_PAIR, (all, lead: string, name: string) => (isSecretField(decodeName(name)) ? `${lead}${name}=${REDACTED}` : all)),
    );
  }
}

/** A text cut to at most `maxBytes` of UTF-8 (whole characters), marked when cut. */
export function capText(text: string, maxBytes: number): string {
  if (text.length <= maxBytes / 3 || Buffer.byteLength(text) <= maxBytes) return text;
  const MARK = "…[truncated]";
  const cut = Buffer.from(text)
    .subarray(0, maxBytes - Buffer.byteLength(MARK))
    .toString("utf8");
  return cut.replace(/\uFFFD$/, "") + MARK;
}

/** A request's path and query as the request log keeps it: secret query values (`redactUrl`) and secret-looking values redacted. */
export function redactRequestPath(url: string): string {
  const redacted = redactUrl(url);
  return redactText(typeof redacted === "string" ? redacted : url);
}
