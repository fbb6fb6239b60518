/** The dashboard home: the figures of the current Integration, or the review team's queues. */
export const HOME_PATH = "/";

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

/** Why a page sent the person to sign in, said on the sign-in page (`?reason=`, the catalogue's `account.reason`). */
export const SIGN_IN_REASONS = ["sessionEnded", "sessionEndedKept"] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

/** The `?reason=` of the sign-in page, when it is one of ours. */
export function signInReason(raw: string | null): SignInReason | null {
  return SIGN_IN_REASONS.find((reason) => reason === raw) ?? null;
}

/**
 * Where a dashboard page whose session ended (any 401) sends the person: sign-in, saying why, then back to
 * the same page with its query. Null outside the dashboard, where a 401 is the page's own business.
 */
export function loginPathFor(pathname: string, search: string, reason?: SignInReason): string | null {
  if (OUTSIDE_DASHBOARD.test(pathname)) return null;
  const why = reason ? `&reason=${reason}` : "";
  return `/login?next=${encodeURIComponent(pathname + search)}${why}`;
}
