/**
 * Who is on the other end: the client address and the scheme and host it used, behind TRUST_PROXY hops.
 * `host` is only checked against ALLOWED_HOSTS (allowed-hosts.ts); URLs are built on PUBLIC_URL, never on it.
 */
import type http from "node:http";
import type { TLSSocket } from "node:tls";

export interface ClientInfo {
  ip: string;
  proto: "http" | "https";
  /** The Host header, or behind a trusted proxy its X-Forwarded-Host; "" when there is none. */
  host: string;
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(",") : v;
}

export function clientInfo(req: http.IncomingMessage, trustProxyHops: number): ClientInfo {
  const socketIp = req.socket.remoteAddress ?? "";
  const encrypted = Boolean((req.socket as TLSSocket).encrypted);
  let ip = socketIp;
  let proto: "http" | "https" = encrypted ? "https" : "http";
  let host = header(req, "host") ?? "";
  if (trustProxyHops > 0) {
    // Each trusted proxy appends the address it saw; the client is the entry `hops` from the right.
    const chain = (header(req, "x-forwarded-for") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (chain.length) ip = chain[Math.max(0, chain.length - trustProxyHops)];
    const fwdProto = header(req, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (fwdProto === "https" || fwdProto === "http") proto = fwdProto;
    // Like X-Forwarded-For: the entry the nearest trusted proxy wrote (a client may have sent its own first).
    const hosts = (header(req, "x-forwarded-host") ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (hosts.length) host = hosts[Math.max(0, hosts.length - trustProxyHops)];
  }
  return { ip, proto, host };
}
