export const HOME_PATH = "/integrations";

/**
 * The `?next=` target after sign-in: only a same-origin path starting with a single "/". Backslashes
 * and control characters are refused because browsers turn "/\evil.com" or "/\t/evil.com" into "//evil.com".
 */
export function safeNextPath(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//")) return HOME_PATH;
  if (/[\\\p{Cc}\s]/u.test(raw)) return HOME_PATH;
  const base = "http://payroute.invalid";
  const url = new URL(raw, base);
  return url.origin === base ? raw : HOME_PATH;
}

/** Pages that are not the dashboard's: the sign-in page itself and the employee app, which has its own sign-in link. */
const OUTSIDE_DASHBOARD = /^\/(login|e)(\/|$)/;

/**
 * Where a dashboard page whose session ended (any 401) sends the person: sign-in, then back to the same
 * page with its query. Null outside the dashboard, where a 401 is the page's own business.
 */
export function loginPathFor(pathname: string, search: string): string | null {
  if (OUTSIDE_DASHBOARD.test(pathname)) return null;
  return `/login?next=${encodeURIComponent(pathname + search)}`;
}
