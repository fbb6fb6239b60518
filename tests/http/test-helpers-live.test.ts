/**
 * Live keys reach no test helper: every operation the served OpenAPI document marks demo-only (`x-demo-only`: every
 * path under /test_helpers/, and the old paths of the demo payments) answers a live key 403, whatever object it
 * names; a helper with the helpers' message, an old payment path with its own. Taken from the document, so a helper
 * added later is covered without a list to keep.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

type Operation = { "x-demo-only"?: boolean };
type Document = { paths: Record<string, Record<string, Operation>> };

let app: TestApp;
let live: string;
beforeAll(async () => {
  app = await startTestApp();
  ({ key: live } = await app.newKey("live"));
  expect((await app.json("/v2/integrations/", { method: "POST", key: live, body: integrationBody({ id: "live-int" }) })).status).toBe(201);
});
afterAll(async () => {
  await app?.close();
});

describe("every demo-only operation of the document", () => {
  it("answers a live key 403 (a helper with the helpers' message)", async () => {
    const doc = (await app.json<Document>("/v2/openapi.json", { key: null })).body;
    const demoOnly = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op["x-demo-only"] === true)
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    const helperPaths = Object.keys(doc.paths).filter((p) => p.startsWith("/test_helpers/"));
    expect(helperPaths.length).toBeGreaterThanOrEqual(7);
    // The helpers, and the demo payments they took over (their old paths kept).
    expect(demoOnly.map((o) => o.path)).toEqual(expect.arrayContaining(helperPaths));
    for (const { method, path } of demoOnly) {
      const url = `/v2${path.replace(/\{[a-z_]+\}/g, "x")}`;
      const res = await app.json<{ detail: string }>(url, {
        method,
        key: live,
        headers: { "Integration-ID": "live-int" },
        body: method === "GET" ? undefined : { seconds: 60 },
      });
      expect(res.status, `${method} ${url}`).toBe(403);
      // The old payment paths keep their own message (live Payruns are paid by bank transfer).
      if (path.startsWith("/test_helpers/")) expect(res.body, url).toEqual({ detail: "Test helpers work with demo API keys only; this is a live key." });
      else expect(res.body.detail, url).toMatch(/demo/);
    }
  });
});
