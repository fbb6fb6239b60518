/** TRUST_PROXY and HTTPS_REDIRECT: client address, scheme and host from a trusted proxy; URLs from PUBLIC_URL. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../support/test-app";

let direct: TestApp;
let proxied: TestApp;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    startTestApp({ httpsRedirect: true }),
    startTestApp({ trustProxyHops: 1, httpsRedirect: true, publicUrl: "https://api.payroute.example" }),
  ]);
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

  it("without TRUST_PROXY, X-Forwarded-Proto and X-Forwarded-Host are ignored", async () => {
    const res = await direct.api("/v2/", { headers: { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" } });
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe(`https://${new URL(direct.url).host}/v2/`);
  });

  it("behind a trusted proxy, https requests are served; URLs use PUBLIC_URL, whatever allowed host was forwarded", async () => {
    const { key } = await proxied.newKey("demo");
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "api.payroute.example", "X-Forwarded-For": "203.0.113.7" };
    const res = await proxied.json<Record<string, string>>("/v2/", { key, headers });
    expect(res.status).toBe(200);
    expect(res.body.integrations).toBe("https://api.payroute.example/v2/integrations/");
    const local = await proxied.json<Record<string, string>>("/v2/", { key, headers: { ...headers, "X-Forwarded-Host": "localhost:8080" } });
    expect(local.status).toBe(200);
    expect(local.body.integrations).toBe("https://api.payroute.example/v2/integrations/");
    const plain = await proxied.api("/v2/", { key, headers: { ...headers, "X-Forwarded-Proto": "http", "X-Forwarded-Host": "localhost" } });
    expect(plain.status).toBe(301);
    expect(plain.headers.get("location")).toBe("https://api.payroute.example/v2/");
  });

  it("behind a trusted proxy, the forwarded host is checked against ALLOWED_HOSTS (a client cannot choose the origin)", async () => {
    const { key } = await proxied.newKey("demo");
    const headers = { "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" };
    const evil = await proxied.json("/v2/", { key, headers: { ...headers, "X-Forwarded-Host": "evil.example" } });
    expect(evil.status).toBe(400);
    expect(evil.headers.get("content-type")).toBe("application/json");
    expect(evil.body).toEqual({ detail: "Invalid Host header." });
    // The nearest proxy's entry is the last one: a forged first entry does not help, nor hurt.
    expect((await proxied.api("/v2/", { key, headers: { ...headers, "X-Forwarded-Host": "api.payroute.example, evil.example" } })).status).toBe(400);
    expect((await proxied.api("/v2/", { key, headers: { ...headers, "X-Forwarded-Host": "evil.example, api.payroute.example" } })).status).toBe(200);
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
