/** Who is on the other end: the client address and the scheme and host it used, behind TRUST_PROXY hops. */
import type http from "node:http";
import type { TLSSocket } from "node:tls";

export interface ClientInfo {
  ip: string;
  proto: "http" | "https";
  host: string;
  origin: string;
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
  let host = header(req, "host") ?? "localhost";
  if (trustProxyHops > 0) {
    // Each trusted proxy appends the address it saw; the client is the entry `hops` from the right.
    const chain = (header(req, "x-forwarded-for") ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    if (chain.length) ip = chain[Math.max(0, chain.length - trustProxyHops)];
    const fwdProto = header(req, "x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase();
    if (fwdProto === "https" || fwdProto === "http") proto = fwdProto;
    const fwdHost = header(req, "x-forwarded-host")?.split(",")[0]?.trim();
    if (fwdHost) host = fwdHost;
  }
  if (!/^[A-Za-z0-9.\-:[\]]+$/.test(host)) host = "localhost"; // never echo a forged Host into URLs
  return { ip, proto, host, origin: `${proto}://${host}` };
}
