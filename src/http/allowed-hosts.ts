/**
 * Host header validation, as Django's ALLOWED_HOSTS: the host name (port dropped, trailing dot ignored)
 * must equal an allowed name, or fall under a ".example.com" pattern; "*" allows any well-formed host.
 * A malformed or missing Host is refused even with "*".
 */

// Django's host_validation_re: a DNS name or IPv4 address, or a bracketed IPv6 address, then an optional port.
const HOST = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::([0-9]+))?$/;

/** The host name of a Host header value, lower-cased without port or trailing dot; null when malformed. */
export function hostName(value: string): string | null {
  const match = HOST.exec(value.toLowerCase());
  if (!match) return null;
  return match[1].endsWith(".") ? match[1].slice(0, -1) : match[1];
}

export function isHostAllowed(value: string | undefined, allowed: readonly string[]): boolean {
  const host = value ? hostName(value) : null;
  if (!host) return false;
  return allowed.some((raw) => {
    const pattern = raw.toLowerCase();
    if (pattern === "*") return true;
    if (pattern.startsWith(".")) return host === pattern.slice(1) || host.endsWith(pattern);
    return host === (hostName(pattern) ?? pattern);
  });
}
