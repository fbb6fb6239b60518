/**
 * The service's public origin and the host names it answers to. Absolute URLs never follow the request's
 * Host (or X-Forwarded-Host): a client could otherwise choose where emailed links point.
 */
import net from "node:net";
import type { TEnv } from "./env";

type OriginEnv = Pick<TEnv, "PUBLIC_URL" | "ALLOWED_HOSTS" | "HOST" | "PORT">;

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** The host as it appears in a URL: IPv6 in brackets. */
function urlHost(host: string): string {
  return net.isIPv6(host) ? `[${host}]` : host;
}

/** PUBLIC_URL, or where `npm start` listens (http://HOST:PORT). */
export function publicUrl(config: OriginEnv): string {
  return config.PUBLIC_URL ?? `http://${urlHost(config.HOST)}:${config.PORT}`;
}

/**
 * ALLOWED_HOSTS, or by default the PUBLIC_URL host and the listen address; when that address is loopback
 * or a wildcard (0.0.0.0, ::), also localhost, 127.0.0.1 and [::1]. Ports are not compared (as Django).
 */
export function allowedHosts(config: OriginEnv): string[] {
  if (config.ALLOWED_HOSTS) return config.ALLOWED_HOSTS;
  const listen = urlHost(config.HOST.toLowerCase());
  const local = ["localhost", "127.0.0.1", "[::1]", "0.0.0.0", "[::]"].includes(listen) || listen.startsWith("127.");
  const hosts = [new URL(publicUrl(config)).hostname, listen, ...(local ? LOOPBACK_NAMES : [])];
  return [...new Set(hosts)];
}

/** REQUIRE_OPERATOR_2FA, or by default whether the public origin is https (a production deployment). */
export function requireOperatorTwoFactor(config: OriginEnv & Pick<TEnv, "REQUIRE_OPERATOR_2FA">): boolean {
  return config.REQUIRE_OPERATOR_2FA ?? publicUrl(config).startsWith("https:");
}
