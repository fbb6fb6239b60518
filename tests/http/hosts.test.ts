/**
 * Host header: requests to a host outside ALLOWED_HOSTS get 400 on every path but /healthz, and absolute
 * URLs (emailed links, pagination, redirects, the OpenAPI servers) use PUBLIC_URL, never the request's Host.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, magicToken, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp; // PUBLIC_URL=https://pay.example.com, ALLOWED_HOSTS by default
let star: TestApp; // PUBLIC_URL unset (http://127.0.0.1:<port>), ALLOWED_HOSTS=*
const PUBLIC = "https://pay.example.com";

beforeAll(async () => {
  [app, star] = await Promise.all([startTestApp({ publicUrl: PUBLIC }), startTestApp({ allowedHosts: ["*"] })]);
});
afterAll(async () => {
  await app?.close();
  await star?.close();
});

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request with a chosen Host header (fetch always sends the URL's own); `host: null` sends none. */
function withHost(
  target: TestApp,
  path: string,
  host: string | null,
  opts: { method?: string; key?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Raw> {
  const { port } = new URL(target.url);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  const headers: Record<string, string> = { Accept: "application/json", ...opts.headers };
  if (host !== null) headers.Host = host;
  if (opts.key) headers.Authorization = `Token ${opts.key}`;
  if (body) headers["Content-Type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method: opts.method ?? "GET", headers, setHost: host !== null }, (res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("ALLOWED_HOSTS", () => {
  it("Host: evil.example gets 400 JSON on /v2/, /api/trpc, /api/auth and the dashboard; /healthz answers any Host", async () => {
    const { key } = await app.newKey("demo");
    for (const [method, path] of [
      ["GET", "/v2/"],
      ["GET", "/v2/integrations/"],
      ["POST", "/v2/integrations/"],
      ["GET", "/v2/openapi.json"],
      ["GET", "/api/trpc/webhooks.events"],
      ["POST", "/api/auth/sign-in/email"],
      ["GET", "/api/auth/get-session"],
      ["GET", "/login"],
      ["GET", "/docs"],
    ]) {
      const res = await withHost(app, path, "evil.example", { method, key, body: method === "POST" ? integrationBody() : undefined });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.headers["content-type"], path).toBe("application/json");
      expect(JSON.parse(res.text), path).toEqual({ detail: "Invalid Host header." });
    }
    expect(await app.db.integration.count({ where: { name: integrationBody().name as string } })).toBe(0);
    const sv = await withHost(app, "/v2/", "evil.example", { headers: { "Accept-Language": "sv" } });
    expect(JSON.parse(sv.text)).toEqual({ detail: "Ogiltigt Host-huvud." });
    expect((await withHost(app, "/healthz", "10.0.0.7:3000")).status).toBe(200);
  });

  it("a malformed or missing Host is refused, also behind ALLOWED_HOSTS=*", async () => {
    for (const target of [app, star]) {
      for (const host of ["evil.example/x", "a b", "evil.example:port", "[::1", "user@127.0.0.1"]) {
        expect((await withHost(target, "/v2/", host)).status, host).toBe(400);
      }
      expect((await withHost(target, "/v2/", null)).status).toBe(400);
    }
  });

  it("allowed hosts work, by name, any case and any port (compared as Django does: host names only)", async () => {
    const { key } = await app.newKey("demo");
    for (const host of ["pay.example.com", "PAY.example.com:443", "pay.example.com.", "localhost:3000", "127.0.0.1", "[::1]:8080"]) {
      expect((await withHost(app, "/v2/", host, { key })).status, host).toBe(200);
    }
    expect((await withHost(app, "/v2/", "sub.pay.example.com", { key })).status).toBe(400);
  });

  it("ALLOWED_HOSTS=* explicitly allows any Host, and links still use the public URL", async () => {
    const { key } = await star.newKey("demo");
    const res = await withHost(star, "/v2/", "evil.example", { key });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text).integrations).toBe(`${star.url}/v2/integrations/`);
  });
});

describe("absolute URLs use PUBLIC_URL", () => {
  it("the invitation email's link, whatever allowed Host the create came with", async () => {
    const { key } = await app.newKey("demo");
    await withHost(app, "/v2/integrations/", "localhost", { method: "POST", key, body: integrationBody({ id: "host-int" }) });
    const created = await withHost(app, "/v2/employees/", "localhost:9999", {
      method: "POST",
      key,
      headers: { "Integration-ID": "host-int" },
      body: { name: "Hedda Host", email: "hedda@example.se", country: "SWE" },
    });
    expect(created.status).toBe(201);
    await app.drainJobs();
    const mail = app
      .mails()
      .map((m) => m.text.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .find((m) => m.includes("To: hedda@example.se"))!;
    expect(mail).toContain(`${PUBLIC}/e/claim#token=${magicToken(mail)}`);
    expect(mail).not.toContain("localhost");
  });

  it("with PUBLIC_URL unset, a create sent with Host: evil.example mails http://HOST:PORT, not evil.example", async () => {
    const { key } = await star.newKey("demo");
    await withHost(star, "/v2/integrations/", "evil.example", { method: "POST", key, body: integrationBody({ id: "evil-int" }) });
    const created = await withHost(star, "/v2/employees/", "evil.example", {
      method: "POST",
      key,
      headers: { "Integration-ID": "evil-int" },
      body: { name: "Eve Evil", email: "eve@example.se", country: "SWE" },
    });
    expect(created.status).toBe(201);
    await star.drainJobs();
    const mail = star
      .mails()
      .map((m) => m.text.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
      .find((m) => m.includes("To: eve@example.se"))!;
    expect(mail).toContain(`${star.url}/e/claim#token=`);
    expect(mail).not.toContain("evil.example");
  });

  it("pagination links, 307 Locations, the API root and the OpenAPI servers", async () => {
    const { key } = await app.newKey("demo");
    for (const id of ["page-a", "page-b", "page-c"]) {
      await withHost(app, "/v2/integrations/", "127.0.0.1", { method: "POST", key, body: integrationBody({ id }) });
    }
    const page2 = JSON.parse((await withHost(app, "/v2/integrations/?page_size=1&page=2&type=3", "localhost", { key })).text);
    expect(page2.next).toBe(`${PUBLIC}/v2/integrations/?page_size=1&page=3&type=3`);
    expect(page2.previous).toBe(`${PUBLIC}/v2/integrations/?page_size=1&type=3`);
    const moved = await withHost(app, "/v2/integrations?page=2", "localhost:8000", { key });
    expect(moved.status).toBe(307);
    expect(moved.headers.location).toBe(`${PUBLIC}/v2/integrations/?page=2`);
    const root = JSON.parse((await withHost(app, "/v2/", "127.0.0.1", { key })).text);
    expect(root.integrations).toBe(`${PUBLIC}/v2/integrations/`);
    const openapi = JSON.parse((await withHost(app, "/v2/openapi.json", "localhost")).text);
    expect(openapi.servers).toEqual([{ url: `${PUBLIC}/v2` }]);
  });
});
