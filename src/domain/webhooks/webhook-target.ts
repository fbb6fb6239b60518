/**
 * Where a webhook may be sent (SSRF). An address is public only when it is ordinary global unicast;
 * everything else (loopback, private, link-local, CGNAT, multicast, documentation, benchmarking, reserved,
 * every IANA special-purpose range, and IPv6 forms that carry such an IPv4 address) is non-public.
 * The check runs on the resolved addresses, and the connection is pinned to the address that was checked,
 * so a DNS answer that changes in between cannot slip through.
 */
import dns from "node:dns/promises";
import ipaddr from "ipaddr.js";
import type { PrivateTargets } from "@/config/webhook-settings";
import type { Environment } from "@/domain/environments";

// Ranges that ipaddr.js 2.5 does not name but IANA lists as not globally reachable.
const EXTRA_NON_PUBLIC: [ipaddr.IPv6, number][] = [
  [ipaddr.IPv6.parse("::"), 96], // IPv4-compatible (deprecated, RFC 4291 2.5.5.1), :: and ::1 included
  [ipaddr.IPv6.parse("64:ff9b:1::"), 48], // local-use NAT64 (RFC 8215): not globally reachable, whatever it embeds
];
// Global unicast is 2000::/3; anything outside it that ipaddr.js calls "unicast" is unassigned IETF space.
const GLOBAL_UNICAST: [ipaddr.IPv6, number] = [ipaddr.IPv6.parse("2000::"), 3];

function embeddedIPv4(address: ipaddr.IPv6, firstByte: number): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(firstByte, firstByte + 4));
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === "unicast";
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  if (EXTRA_NON_PUBLIC.some(([net, bits]) => address.match(net, bits))) return false;
  switch (address.range()) {
    case "ipv4Mapped": // ::ffff:a.b.c.d: the socket talks IPv4 to a.b.c.d
    case "rfc6052": // 64:ff9b::/96 NAT64 translates to the embedded address
      return isPublicIPv4(embeddedIPv4(address, 12));
    case "6to4": // 2002:AABB:CCDD::/48 tunnels to AA.BB.CC.DD
      return isPublicIPv4(embeddedIPv4(address, 2));
    case "unicast":
      return address.match(...GLOBAL_UNICAST);
    default: // teredo, uniqueLocal, linkLocal, deprecatedSiteLocal, multicast, reserved, benchmarking, rfc6145, …
      return false;
  }
}

/**
 * IPv6 text as the socket will read it. ipaddr.js reads "::a.b.c.d" (IPv4-compatible, what glibc's inet_ntop
 * prints for ::808:808) as the IPv4-mapped "::ffff:a.b.c.d"; the WHATWG URL parser reads it as the kernel does.
 */
function canonical(text: string): string | null {
  if (!text.includes(":")) return text;
  try {
    return new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null; // zone ids and other forms no URL can hold
  }
}

/**
 * True only for a public unicast address. Takes any textual form ipaddr.js parses (also numeric IPv4
 * forms such as "2130706433", "0x7f.1", "0177.0.0.1", "127.1"); anything unparsable is not public.
 */
export function isPublicAddress(address: string): boolean {
  const text = canonical(address.replace(/^\[(.*)\]$/, "$1"));
  if (text === null || !ipaddr.isValid(text)) return false;
  const parsed = ipaddr.parse(text);
  return parsed instanceof ipaddr.IPv4 ? isPublicIPv4(parsed) : isPublicIPv6(parsed);
}

export function mayTargetPrivate(environment: Environment, setting: PrivateTargets): boolean {
  return setting === "all" || (setting === "demo" && environment === "demo");
}

/** Why a target was refused: its host does not resolve, or it is (or resolves to) a non-public address. */
export class TargetRefused extends Error {
  constructor(
    readonly reason: "unresolvable" | "not_public",
    readonly host: string,
  ) {
    super(reason === "unresolvable" ? `cannot resolve ${host}` : `${host} is not a public address`);
  }
}

export interface ResolvedTarget {
  address: string;
  family: 4 | 6;
  /** False when the address is not public (allowed only by WEBHOOK_PRIVATE_TARGETS): its replies are not kept. */
  public: boolean;
}

/**
 * Resolves the URL's host and returns the address to connect to; throws TargetRefused when not allowed.
 * `url` is a WHATWG URL, so numeric IPv4 hosts are already in dotted form, as the connection will use them.
 */
export async function resolveTarget(url: URL, environment: Environment, setting: PrivateTargets): Promise<ResolvedTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const literal = ipaddr.isValid(host) ? ipaddr.parse(host) : null;
  const addresses = literal
    ? [{ address: literal.toString(), family: literal instanceof ipaddr.IPv4 ? 4 : 6 }]
    : await dns.lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new TargetRefused("unresolvable", host);
      });
  if (addresses.length === 0) throw new TargetRefused("unresolvable", host);
  const allPublic = addresses.every((a) => isPublicAddress(a.address));
  if (!allPublic && !mayTargetPrivate(environment, setting)) throw new TargetRefused("not_public", host);
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4, public: isPublicAddress(first.address) };
}
