/**
 * The value of cookie `name` in a Cookie header or a `document.cookie` string, through the `cookie` package. In
 * src/lib because the HTTP edge (the session's environment, the language) and the dashboard (the chosen
 * Integration) both read cookies.
 */
import { parseCookie } from "cookie";

const raw = (value: string) => value;

export function cookieValue(cookies: string, name: string): string | undefined {
  const value = parseCookie(cookies, { decode: raw })[name];
  if (value === undefined) return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined; // a malformed %-escape is no value, not a server error
  }
}
