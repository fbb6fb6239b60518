/** Address classification for webhook targets: a table of every case, public and non-public. */
import { describe, expect, it } from "vitest";
import { isPublicAddress, mayTargetPrivate, resolveTarget, TargetRefused } from "./webhook-target";

// [address, public?, why]
const TABLE: [string, boolean, string][] = [
  // IPv4, public
  ["8.8.8.8", true, "global unicast"],
  ["1.1.1.1", true, "global unicast"],
  ["93.184.216.34", true, "global unicast"],
  ["100.63.255.255", true, "just below CGNAT"],
  ["100.128.0.0", true, "just above CGNAT"],
  ["172.15.255.255", true, "just below 172.16/12"],
  ["172.32.0.0", true, "just above 172.16/12"],
  ["192.169.0.1", true, "just above 192.168/16"],
  ["223.255.255.254", true, "last unicast /8 before multicast"],
  // IPv4, non-public (IANA IPv4 special-purpose registry and RFC 1918)
  ["0.0.0.0", false, "this host (0/8)"],
  ["0.1.2.3", false, "this network (0/8)"],
  ["10.0.0.1", false, "private 10/8"],
  ["100.64.0.1", false, "carrier-grade NAT 100.64/10"],
  ["100.127.255.254", false, "carrier-grade NAT 100.64/10"],
  ["127.0.0.1", false, "loopback"],
  ["127.255.255.254", false, "loopback 127/8"],
  ["169.254.169.254", false, "link-local (cloud metadata)"],
  ["172.16.0.1", false, "private 172.16/12"],
  ["172.31.255.255", false, "private 172.16/12"],
  ["192.0.0.1", false, "IETF protocol assignments 192.0.0/24"],
  ["192.0.0.9", false, "PCP anycast (in 192.0.0/24)"],
  ["192.0.2.1", false, "documentation TEST-NET-1"],
  ["192.31.196.1", false, "AS112-v4"],
  ["192.52.193.1", false, "AMT"],
  ["192.88.99.1", false, "deprecated 6to4 relay anycast"],
  ["192.168.1.1", false, "private 192.168/16"],
  ["192.175.48.1", false, "AS112 direct delegation"],
  ["198.18.0.1", false, "benchmarking 198.18/15"],
  ["198.19.255.255", false, "benchmarking 198.18/15"],
  ["198.51.100.1", false, "documentation TEST-NET-2"],
  ["203.0.113.1", false, "documentation TEST-NET-3"],
  ["224.0.0.1", false, "multicast"],
  ["239.255.255.250", false, "multicast (SSDP)"],
  ["240.0.0.1", false, "reserved 240/4"],
  ["255.255.255.255", false, "limited broadcast"],
  // Numeric IPv4 forms (what inet_aton would also accept)
  ["2130706433", false, "127.0.0.1 as one number"],
  ["0x7f000001", false, "127.0.0.1 in hex"],
  ["0x7f.1", false, "127.0.0.1 as hex.short"],
  ["0177.0.0.1", false, "127.0.0.1 with an octal octet"],
  ["127.1", false, "127.0.0.1 short form"],
  ["10.1", false, "10.0.0.1 short form"],
  ["134744072", true, "8.8.8.8 as one number"],
  // IPv6, public
  ["2606:4700:4700::1111", true, "global unicast"],
  ["2a00:1450:4001:80b::200e", true, "global unicast"],
  ["2001:4860:4860::8888", true, "global unicast (2001:4860::/32 is outside 2001::/23)"],
  ["::ffff:8.8.8.8", true, "IPv4-mapped public"],
  ["64:ff9b::808:808", true, "NAT64 of 8.8.8.8"],
  ["2002:808:808::1", true, "6to4 of 8.8.8.8"],
  // IPv6, non-public
  ["::", false, "unspecified"],
  ["::1", false, "loopback"],
  ["[::1]", false, "loopback in brackets"],
  ["::ffff:127.0.0.1", false, "IPv4-mapped loopback"],
  ["::ffff:7f00:1", false, "IPv4-mapped loopback, hex"],
  ["::ffff:10.0.0.1", false, "IPv4-mapped private"],
  ["::ffff:169.254.169.254", false, "IPv4-mapped link-local"],
  ["::127.0.0.1", false, "IPv4-compatible loopback"],
  ["::7f00:1", false, "IPv4-compatible loopback, hex (how new URL() writes [::127.0.0.1])"],
  ["::8.8.8.8", false, "IPv4-compatible (deprecated, never public)"],
  ["::ffff:0:7f00:1", false, "IPv4-translated (RFC 6145)"],
  ["64:ff9b::7f00:1", false, "NAT64 of 127.0.0.1"],
  ["64:ff9b::a00:1", false, "NAT64 of 10.0.0.1"],
  ["64:ff9b::a9fe:a9fe", false, "NAT64 of 169.254.169.254"],
  ["64:ff9b:1::808:808", false, "local-use NAT64 64:ff9b:1::/48 (not globally reachable)"],
  ["64:ff9b:1:7f00:0:100::", false, "local-use NAT64, /48 embedding of 127.0.0.1"],
  ["2002:7f00:1::", false, "6to4 of 127.0.0.1"],
  ["2002:a00:1::1", false, "6to4 of 10.0.0.1"],
  ["2002:c0a8:101::", false, "6to4 of 192.168.1.1"],
  ["2001::1", false, "Teredo 2001::/32"],
  ["2001:0:4136:e378:8000:63bf:3fff:fdd2", false, "Teredo"],
  ["2001:2::1", false, "benchmarking 2001:2::/48"],
  ["2001:3::1", false, "AMT 2001:3::/32"],
  ["2001:4:112::1", false, "AS112-v6"],
  ["2001:10::1", false, "deprecated ORCHID"],
  ["2001:20::1", false, "ORCHIDv2"],
  ["2001:30::1", false, "drone remote ID"],
  ["2001:1ff::1", false, "IETF protocol assignments 2001::/23"],
  ["2001:db8::1", false, "documentation"],
  ["3fff::1", false, "documentation 3fff::/20"],
  ["100::1", false, "discard-only 100::/64"],
  ["2620:4f:8000::1", false, "AS112 direct delegation"],
  ["5f00::1", false, "segment routing SIDs"],
  ["fc00::1", false, "unique-local"],
  ["fd12:3456:789a::1", false, "unique-local"],
  ["fe80::1", false, "link-local"],
  ["febf::1", false, "link-local fe80::/10"],
  ["fec0::1", false, "site-local (deprecated) fec0::/10"],
  ["feff::1", false, "site-local fec0::/10"],
  ["ff02::1", false, "multicast"],
  ["ff0e::1", false, "global multicast"],
  ["1::1", false, "unassigned (outside 2000::/3)"],
  ["4000::1", false, "unassigned (outside 2000::/3)"],
  // Not addresses
  ["localhost", false, "a name, not an address"],
  ["", false, "empty"],
  ["1.2.3.4.5", false, "malformed"],
];

describe("isPublicAddress", () => {
  it.each(TABLE)("%s → public %s (%s)", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

// The URL forms of the issue and numeric IPv4 forms: new URL() writes them the way the connection will use them.
const URLS: [string, string][] = [
  ["http://127.0.0.1:9/internal-admin", "127.0.0.1"],
  ["http://2130706433/", "127.0.0.1"],
  ["http://0x7f.1/", "127.0.0.1"],
  ["http://0177.0.0.1/", "127.0.0.1"],
  ["http://127.1/", "127.0.0.1"],
  ["http://0x7f000001/", "127.0.0.1"],
  ["http://127.0.0.1./", "127.0.0.1"],
  ["http://[::127.0.0.1]/", "::7f00:1"],
  ["http://[::ffff:127.0.0.1]/", "::ffff:7f00:1"],
  ["http://[64:ff9b::7f00:1]/", "64:ff9b::7f00:1"],
  ["http://[2002:7f00:1::]/", "2002:7f00:1::"],
  ["http://[fec0::1]/", "fec0::1"],
  ["http://[::]/", "::"],
  ["http://[fe80::1]/", "fe80::1"],
  ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
];

describe("resolveTarget", () => {
  it.each(URLS)("%s is refused for live keys under every setting, and connects to %s where allowed", async (url, address) => {
    for (const setting of ["none", "demo", "all"] as const) {
      if (setting !== "all") await expect(resolveTarget(new URL(url), "live", setting)).rejects.toBeInstanceOf(TargetRefused);
    }
    await expect(resolveTarget(new URL(url), "demo", "none")).rejects.toBeInstanceOf(TargetRefused);
    const allowed = await resolveTarget(new URL(url), "demo", "demo");
    expect(allowed).toMatchObject({ address, public: false });
  });

  it("a name resolving to loopback is refused; a public literal is allowed for every key", async () => {
    await expect(resolveTarget(new URL("http://localhost:9/"), "live", "demo")).rejects.toMatchObject({ reason: "not_public", host: "localhost" });
    expect(await resolveTarget(new URL("https://8.8.8.8/"), "live", "none")).toEqual({ address: "8.8.8.8", family: 4, public: true });
    expect(await resolveTarget(new URL("https://[2606:4700:4700::1111]/"), "live", "none")).toEqual({
      address: "2606:4700:4700::1111",
      family: 6,
      public: true,
    });
  });

  it("WEBHOOK_PRIVATE_TARGETS: none refuses everyone, demo only demo keys, all everyone", () => {
    expect([mayTargetPrivate("demo", "none"), mayTargetPrivate("live", "none")]).toEqual([false, false]);
    expect([mayTargetPrivate("demo", "demo"), mayTargetPrivate("live", "demo")]).toEqual([true, false]);
    expect([mayTargetPrivate("demo", "all"), mayTargetPrivate("live", "all")]).toEqual([true, true]);
  });
});
