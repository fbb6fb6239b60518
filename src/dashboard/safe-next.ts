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
