/**
 * The value of cookie `name` in a Cookie header or a `document.cookie` string. In src/lib because the HTTP edge
 * (the session's environment, the language) and the dashboard (the chosen Integration) both read cookies.
 * Hand-written: the `cookie` package is not among ours (issue 23).
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
