/**
 * Every answer of /v2/ says what it is: `application/json` (or `text/html; charset=utf-8` for a browser),
 * errors included; only a 204 has no body and no Content-Type.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
let key: string;
const INT = "ct-int";
const as = { headers: { "Integration-ID": INT } };

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
  expect((await app.api("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: INT }) })).status).toBe(201);
  const emp = await app.api("/v2/employees/", { method: "POST", key, ...as, body: { id: "ct-emp", name: "Ct", email: "ct@example.se", country: "SWE" } });
  expect(emp.status).toBe(201);
});
afterAll(() => app?.close());

async function expectJson(res: Response, status: number): Promise<unknown> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toBe("application/json");
  return JSON.parse(text);
}

describe("every status has a Content-Type", () => {
  it("400: malformed JSON and field errors", async () => {
    const malformed = await app.api("/v2/integrations/", { method: "POST", key, headers: { "Content-Type": "application/json" }, body: "{" });
    expect(await expectJson(malformed, 400)).toHaveProperty("detail");
    const fields = await app.api("/v2/integrations/", { method: "POST", key, body: { name: "" } });
    expect(await expectJson(fields, 400)).toHaveProperty("name");
    const missingIntegration = await app.api("/v2/employees/", { key });
    expect(await expectJson(missingIntegration, 400)).toHaveProperty("detail");
  });

  it("401 without or with a bad key (WWW-Authenticate kept)", async () => {
    for (const res of [await app.api("/v2/integrations/", { key: null }), await app.api("/v2/integrations/", { key: "pr_demo_nope" })]) {
      expect(await expectJson(res, 401)).toHaveProperty("detail");
      expect(res.headers.get("www-authenticate")).toMatch(/^Token/);
    }
  });

  it("403: outside the key's allow-list, and an action never allowed", async () => {
    const outside = await app.newKey("demo", { allowIps: ["10.0.0.0/8"] });
    expect(await expectJson(await app.api("/v2/integrations/", { key: outside.key }), 403)).toHaveProperty("detail");
    const list = (await app.json<{ results: { id: string; type: number }[] }>("/v2/integrations/?type=1", { key })).body.results;
    expect(await expectJson(await app.api(`/v2/integrations/${list[0].id}/`, { method: "DELETE", key }), 403)).toHaveProperty("detail");
  });

  it("404: an unknown id, an unknown route, a bad page", async () => {
    expect(await expectJson(await app.api("/v2/integrations/nope/", { key }), 404)).toEqual({ detail: "Not found." });
    expect(await expectJson(await app.api("/v2/nothing-here/", { key }), 404)).toEqual({ detail: "Not found." });
    expect(await expectJson(await app.api("/v2/integrations/?page=99", { key }), 404)).toEqual({ detail: "Invalid page." });
  });

  it("405 with Allow", async () => {
    const res = await app.api("/v2/payouts/x/", { method: "PATCH", key, ...as, body: {} });
    expect(await expectJson(res, 405)).toHaveProperty("detail");
    expect(res.headers.get("allow")).toContain("GET");
  });

  it("409: an Integration with associated objects", async () => {
    expect(await expectJson(await app.api(`/v2/integrations/${INT}/`, { method: "DELETE", key }), 409)).toHaveProperty("detail");
  });

  it("413: a body over 5 MB", async () => {
    const res = await app.api("/v2/integrations/", {
      method: "POST",
      key,
      headers: { "Content-Type": "application/json" },
      body: "x".repeat(5 * 1024 * 1024 + 1),
    });
    expect(await expectJson(res, 413)).toHaveProperty("detail");
  });

  it("415: an unsupported content type", async () => {
    const res = await app.api("/v2/integrations/", { method: "POST", key, headers: { "Content-Type": "text/plain" }, body: "hello" });
    expect(await expectJson(res, 415)).toHaveProperty("detail");
  });

  it("422: an Idempotency-Key reused with another body (and on the first answer of an invalid key)", async () => {
    const first = await app.api("/v2/integrations/", {
      method: "POST",
      key,
      headers: { "Idempotency-Key": "ct-422" },
      body: integrationBody({ id: "ct-422-a" }),
    });
    expect(first.status).toBe(201);
    const again = await app.api("/v2/integrations/", {
      method: "POST",
      key,
      headers: { "Idempotency-Key": "ct-422" },
      body: integrationBody({ id: "ct-422-b" }),
    });
    expect(await expectJson(again, 422)).toHaveProperty("detail");
    const invalidKey = await app.api("/v2/integrations/", { method: "POST", key, headers: { "Idempotency-Key": "has spaces" }, body: integrationBody() });
    expect(await expectJson(invalidKey, 400)).toHaveProperty("detail");
  });

  it("429 with Retry-After: a resend within 24 hours", async () => {
    expect((await app.api("/v2/employees/ct-emp/resend/", { method: "PATCH", key, ...as })).status).toBe(204);
    const res = await app.api("/v2/employees/ct-emp/resend/", { method: "PATCH", key, ...as });
    expect(await expectJson(res, 429)).toHaveProperty("detail");
    // The first resend was moments ago: the next is allowed in 24 hours (in seconds, rounded up).
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(86_400 - 60);
    expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(86_400);
  });

  it("204 has neither body nor Content-Type; 200, 201 and 307 are JSON", async () => {
    const created = await app.api("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "ct-del" }) });
    await expectJson(created, 201);
    await expectJson(await app.api("/v2/integrations/ct-del/", { key }), 200);
    await expectJson(await app.api("/v2/integrations", { key }), 307);
    const deleted = await app.api("/v2/integrations/ct-del/", { method: "DELETE", key });
    expect(deleted.status).toBe(204);
    expect(deleted.headers.get("content-type")).toBeNull();
    expect(await deleted.text()).toBe("");
  });

  it("a browser's error pages are HTML with a charset", async () => {
    for (const [path, status] of [
      ["/v2/integrations/nope/", 404],
      ["/v2/integrations/", 401],
    ] as const) {
      const res = await app.api(path, { key: status === 401 ? null : key, headers: { Accept: "text/html" } });
      expect(res.status).toBe(status);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });
});
