/**
 * Where a webhook may be sent. Live subscriptions may not reach private, loopback, link-local or other
 * non-public addresses (SSRF); the check runs on the resolved addresses, and the connection is pinned to
 * the address that was checked, so a DNS answer that changes in between cannot slip through.
 * WEBHOOK_PRIVATE_TARGETS: "demo" (default: demo may, live may not), "all" (development), "none".
 */
import dns from "node:dns/promises";
import net from "node:net";
import type { Environment } from "@/domain/environments";

const BLOCKED = new net.BlockList();
for (const [address, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv4");
}
for (const [address, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
] as const) {
  BLOCKED.addSubnet(address, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const mapped = address.toLowerCase().startsWith("::ffff:") && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
  const family = net.isIPv4(mapped) ? "ipv4" : net.isIPv6(mapped) ? "ipv6" : null;
  return family !== null && !BLOCKED.check(mapped, family);
}

export type PrivateTargets = "none" | "demo" | "all";

export function privateTargetsSetting(): PrivateTargets {
  const v = process.env.WEBHOOK_PRIVATE_TARGETS;
  return v === "none" || v === "all" ? v : "demo";
}

export function mayTargetPrivate(environment: Environment, setting: PrivateTargets = privateTargetsSetting()): boolean {
  return setting === "all" || (setting === "demo" && environment === "demo");
}

export class TargetRefused extends Error {}

/** Resolves the URL's host and returns the address to connect to; throws TargetRefused when not allowed. */
export async function resolveTarget(url: URL, environment: Environment): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIPv4(host) ? 4 : 6 }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new TargetRefused(`cannot resolve ${host}`);
      });
  if (addresses.length === 0) throw new TargetRefused(`cannot resolve ${host}`);
  if (!mayTargetPrivate(environment)) {
    const blocked = addresses.find((a) => !isPublicAddress(a.address));
    if (blocked) throw new TargetRefused(`${host} resolves to ${blocked.address}, which is not a public address`);
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
