/**
 * The value of cookie `name` in a Cookie header or a `document.cookie` string. Here, below the HTTP edge and
 * the dashboard, because both read cookies: the edge the session's environment and the language, the
 * dashboard the chosen Integration.
 */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // a malformed %-escape is no value, not a server error
    }
  }
  return undefined;
}
