/** TRUST_PROXY and HTTPS_REDIRECT: client address and scheme from a trusted proxy. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([startTestApp({ httpsRedirect: true }), startTestApp({ trustProxyHops: 1, httpsRedirect: true })]);
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
});

describe("HTTPS_REDIRECT", () => {
  it("a plain-http request gets 301 to the https URL", async () => {
    const res = await direct.api("/v2/integrations/?page=2");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`https://${new URL(direct.url).host}/v2/integrations/?page=2`);
  });

  it("without TRUST_PROXY, X-Forwarded-Proto is ignored", async () => {
    const res = await direct.api("/v2/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.status).toBe(301);
  });

  it("behind a trusted proxy, https requests are served and URLs use the forwarded scheme and host", async () => {
    const { key } = await proxied.newKey("demo");
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.payroute.example", "X-Forwarded-For": "203.0.113.7" };
    const res = await proxied.json<Record<string, string>>("/v2/", { key, headers });
    expect(res.status).toBe(200);
    expect(res.body.integrations).toBe("https://api.payroute.example/v2/integrations/");
    const plain = await proxied.api("/v2/", { key, headers: { ...headers, "X-Forwarded-Proto": "http" } });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://api.payroute.example/v2/");
  });
});

describe("TRUST_PROXY client address", () => {
  it("the allow-list is checked against the address the proxy saw, not one the client forged", async () => {
    const { key } = await proxied.newKey("demo", { allowIps: ["203.0.113.0/24"] });
    const https = { "X-Forwarded-Proto": "https" };
    expect((await proxied.api("/v2/", { key, headers: { ...https, "X-Forwarded-For": "203.0.113.7" } })).status).toBe(200);
    // The client forged the first entry; the proxy appended the real address.
    expect((await proxied.api("/v2/", { key, headers: { ...https, "X-Forwarded-For": "203.0.113.7, 198.51.100.1" } })).status).toBe(403);
    expect((await proxied.api("/v2/", { key, headers: https })).status).toBe(403); // socket address 127.0.0.1
  });
});
