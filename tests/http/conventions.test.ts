/** The /v2/ conventions every resource gets: auth, redirects, errors, negotiation, language, docs. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";
import { SYSTEM_ACTOR } from "@/domain/audit/audit-record";

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
});
afterAll(() => app?.close());

describe("authentication", () => {
  it("401 with detail and WWW-Authenticate without credentials", async () => {
    const res = await app.json("/v2/integrations/", { key: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "Authentication credentials were not provided." });
    expect(res.headers.get("www-authenticate")).toMatch(/^Token/);
  });

  it("401 for an unknown, malformed or wrongly-schemed key", async () => {
    for (const authorization of ["Token pr_demo_00000000000000000000000000000000", "Token nonsense", "Bearer " + key, "Token", `Token ${key} extra`]) {
      const res = await app.json("/v2/integrations/", { headers: { Authorization: authorization } });
      expect(res.status, authorization).toBe(401);
      expect(res.body).toEqual({ detail: "Invalid token." });
    }
  });

  it("401 once a key is revoked", async () => {
    const { key: k } = await app.newKey("demo");
    expect((await app.api("/v2/", { key: k })).status).toBe(200);
    const { revokeApiKey } = await import("@/domain/api-keys/api-key-service");
    expect(await revokeApiKey(app, k, SYSTEM_ACTOR)).toBe(true);
    expect((await app.api("/v2/", { key: k })).status).toBe(401);
  });

  it("403 from an address outside the key's allow-list; 200 inside it", async () => {
    const outside = await app.newKey("demo", { allowIps: ["10.0.0.0/8"] });
    const res = await app.json("/v2/integrations/", { key: outside.key });
    expect(res.status).toBe(403);
    expect(res.body.detail).toContain("127.0.0.1");
    const inside = await app.newKey("demo", { allowIps: ["10.0.0.0/8", "127.0.0.0/24"] });
    expect((await app.api("/v2/integrations/", { key: inside.key })).status).toBe(200);
  });

  it("the API root lists the resource URLs", async () => {
    const res = await app.json<Record<string, string>>("/v2/", { key });
    expect(res.status).toBe(200);
    expect(res.body.integrations).toBe(`${app.url}/v2/integrations/`);
  });
});

describe("paths and methods", () => {
  it("307 to the canonical path for a missing or wrongly placed slash, keeping the query", async () => {
    for (const [path, expected] of [
      ["/v2/integrations?page=1", "/v2/integrations/?page=1"],
      ["/v2//integrations/", "/v2/integrations/"],
      ["/v2/integrations//", "/v2/integrations/"],
      ["/v2", "/v2/"],
      ["/v2/integrations/abc", "/v2/integrations/abc/"],
    ]) {
      const res = await app.api(path, { key });
      expect(res.status, path).toBe(307);
      expect(res.headers.get("location"), path).toBe(app.url + expected);
    }
  });

  it("a client that follows the 307 keeps method, body and Authorization", async () => {
    const res = await app.json("/v2/integrations", { method: "POST", key, body: integrationBody({ id: "via-redirect" }), redirect: "follow" });
    expect(res.status).toBe(201);
    expect(res.body.id).toBe("via-redirect");
  });

  it("unknown paths are 404 JSON, also without a slash", async () => {
    for (const path of ["/v2/nothing/", "/v2/nothing", "/v2/integrations/a/b/c/"]) {
      const res = await app.json(path, { key });
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ detail: "Not found." });
    }
  });

  it("405 with Allow for a method the path does not have", async () => {
    const res = await app.json("/v2/integrations/", { method: "DELETE", key });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ detail: 'Method "DELETE" not allowed.' });
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });

  it("HEAD is GET without a body; OPTIONS lists the methods", async () => {
    const head = await app.api("/v2/integrations/", { method: "HEAD", key });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    const options = await app.api("/v2/integrations/", { method: "OPTIONS", key });
    expect(options.status).toBe(200);
    expect(options.headers.get("allow")).toBe("GET, POST, HEAD, OPTIONS");
  });
});

describe("bodies and errors", () => {
  it("malformed JSON is a 400 with detail", async () => {
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: "{not json", headers: { "Content-Type": "application/json" } });
    expect(res.status).toBe(400);
    expect(String(res.body.detail)).toMatch(/^JSON parse error/);
  });

  it("a JSON value that is not an object is a 400, never a 5xx", async () => {
    for (const body of ["[]", "null", "42", '"text"', "true"]) {
      const res = await app.json("/v2/integrations/", { method: "POST", key, body, headers: { "Content-Type": "application/json" } });
      expect(res.status, body).toBe(400);
    }
  });

  it("field errors in DRF shape", async () => {
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: { name: "", email: "nope", metadata: [] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      name: ["This field may not be blank."],
      email: ["Enter a valid email address."],
      recipient: ["This field is required."],
      metadata: ["Expected a JSON object."],
    });
  });

  it("an unsupported content type is a 415", async () => {
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: "<xml/>", headers: { "Content-Type": "application/xml" } });
    expect(res.status).toBe(415);
    expect(res.body.detail).toContain("application/xml");
  });

  it("form-encoded bodies work like JSON (metadata as a JSON string)", async () => {
    const form = new URLSearchParams({ ...stringify(integrationBody({ id: "form-1" })), metadata: '{"ref": 7}' });
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "form-1", metadata: { ref: 7 }, type: 3 });
  });

  it("odd inputs never produce a 5xx", async () => {
    const bodies: unknown[] = [
      { ...integrationBody(), id: "x".repeat(300) },
      { ...integrationBody(), id: 2 ** 64 },
      { ...integrationBody(), id: "a/b" },
      { ...integrationBody(), name: { nested: true } },
      { ...integrationBody(), logo: "not base64 !!" },
      { ...integrationBody(), logo: Buffer.from("plain text").toString("base64") },
      { ...integrationBody(), metadata: "not json" },
      { ...integrationBody(), address_line_2: 5 },
    ];
    for (const body of bodies) {
      const res = await app.api("/v2/integrations/", { method: "POST", key, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
    }
    for (const path of ["/v2/integrations/%ZZ/", "/v2/integrations/?page=abc", "/v2/integrations/?page_size=-1", "/v2/integrations/?type=9"]) {
      const res = await app.api(path, { key });
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe("language", () => {
  it("Accept-Language: sv gives Swedish messages; English is the default", async () => {
    const sv = await app.json("/v2/integrations/", { key: null, headers: { "Accept-Language": "sv-SE,sv;q=0.9,en;q=0.5" } });
    expect(sv.body).toEqual({ detail: "Autentiseringsuppgifter saknas." });
    expect(sv.headers.get("content-language")).toBe("sv");
    const field = await app.json("/v2/integrations/", { method: "POST", key, body: { email: "x" }, headers: { "Accept-Language": "sv" } });
    expect(field.body).toMatchObject({ name: ["Detta fält är obligatoriskt."], email: ["Ange en giltig e-postadress."] });
    const other = await app.json("/v2/integrations/", { key: null, headers: { "Accept-Language": "de" } });
    expect(other.body).toEqual({ detail: "Authentication credentials were not provided." });
  });
});

describe("HTML views", () => {
  it("a browser gets an escaped, linked HTML page of the same data", async () => {
    await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "html-1", name: "<script>alert(1)</script>" }) });
    const res = await app.api("/v2/integrations/html-1/", { key, headers: { Accept: "text/html,application/xhtml+xml,*/*;q=0.8" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");
    const list = await (await app.api("/v2/integrations/", { key, headers: { Accept: "text/html" } })).text();
    expect(list).toContain('href="/v2/integrations/html-1/"');
    const json = await app.api("/v2/integrations/html-1/?format=json", { key, headers: { Accept: "text/html" } });
    expect(json.headers.get("content-type")).toBe("application/json");
  });

  it("an unauthenticated browser gets an HTML 401 with a sign-in link", async () => {
    const res = await app.api("/v2/integrations/", { key: null, headers: { Accept: "text/html" } });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('href="/login?next=%2Fv2%2Fintegrations%2F"');
  });
});

describe("OpenAPI", () => {
  it("serves the generated document with trailing slashes and real status codes", async () => {
    const res = await app.json<{ paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }>("/v2/openapi.json", { key: null });
    expect(res.status).toBe(200);
    const paths = res.body.paths;
    expect(Object.keys(paths).every((p) => p.endsWith("/"))).toBe(true);
    expect(Object.keys(paths["/integrations/"].post.responses)).toContain("201");
    expect(Object.keys(paths["/integrations/{integration_id}/"].delete.responses)).toContain("204");
    expect(paths["/integrations/{integration_id}/"].delete.responses["200"]).toBeUndefined();
  });

  it("serves a reference page at /docs", async () => {
    const res = await app.api("/docs");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("/v2/openapi.json");
    expect((await app.api("/docs/assets/swagger-ui-bundle.js")).status).toBe(200);
  });
});

function stringify(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}
