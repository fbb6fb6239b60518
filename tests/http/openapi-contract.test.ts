/**
 * /v2/openapi.json is the whole contract (issue 25, item 5): walked operation by operation, each lists every status
 * the edge can answer with its error shape, `Idempotency-Key` exactly where the edge honours it (POST and PATCH), the
 * RateLimit and Retry-After headers, and the test helpers marked demo only. A few answers are checked against the
 * running server too, so that the document and the edge cannot drift apart unseen.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@/trpc/app-router";
import { RouteTable } from "@/http/v2/routes";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

type Schema = { type?: string; properties?: Record<string, unknown>; required?: string[]; additionalProperties?: unknown; $ref?: string };
type Ref = { $ref: string };
type Header = { schema?: Schema };
type Response = { description?: string; headers?: Record<string, Header | Ref>; content?: Record<string, { schema?: Schema }> };
type Parameter = { in: string; name: string; required?: boolean };
type Operation = { description?: string; parameters?: Parameter[]; responses: Record<string, Response | Ref>; "x-demo-only"?: boolean };
type Doc = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response>; headers: Record<string, Header> };
};

let app: TestApp;
let doc: Doc;
const operations: { method: string; path: string; op: Operation }[] = [];

beforeAll(async () => {
  app = await startTestApp({ rateLimits: { perKey: { live: 1000, demo: 1000 }, perAccount: { live: 1000, demo: 1000 }, concurrency: 50, queue: 50 } });
  const res = await app.json<Doc>("/v2/openapi.json", { key: null });
  expect(res.status).toBe(200);
  doc = res.body;
  for (const [path, item] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(item)) operations.push({ method: method.toUpperCase(), path, op });
});
afterAll(() => app?.close());

/** What a `$ref` into the document's components stands for (responses, headers and schemas are shared there). */
const refName = (ref: Ref) => ref.$ref.split("/").pop() ?? "";
const response = (op: Operation, code: string): Response => {
  const r = op.responses[code];
  return "$ref" in r ? doc.components.responses[refName(r)] : r;
};
const header = (h: Header | Ref | undefined): Header | undefined => (h && "$ref" in h ? doc.components.headers[refName(h)] : h);
const bodySchema = (op: Operation, code: string): Schema | undefined => {
  const schema = response(op, code).content?.["application/json"]?.schema;
  return schema?.$ref ? doc.components.schemas[refName({ $ref: schema.$ref })] : schema;
};

const DETAIL = { type: "object", properties: { detail: { type: "string" } }, required: ["detail"] };
const RATE_LIMIT = ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"];
const EVERY = ["400", "401", "403", "404", "405", "429", "500"];
const DEMO_ONLY = new Set(["/invoices/{invoice_id}/pay/", "/payruns/{payrun_id}/pay/"]);

describe("every operation of /v2/openapi.json", () => {
  it("is one route of the edge, and every route is an operation", () => {
    const routes = new RouteTable(appRouter).routes.map((r) => `${r.method} ${r.path}`).sort();
    expect(operations.map((o) => `${o.method} ${o.path}`).sort()).toEqual(routes);
    expect(operations.length).toBeGreaterThan(50);
  });

  it("lists the statuses every request may get, each with the DRF error shape", () => {
    for (const { method, path, op } of operations) {
      const name = `${method} ${path}`;
      expect(Object.keys(op.responses), name).toEqual(expect.arrayContaining(EVERY));
      for (const code of EVERY.filter((c) => c !== "400")) expect(bodySchema(op, code), `${name} ${code}`).toEqual(DETAIL);
      expect(bodySchema(op, "400")?.additionalProperties, name).toEqual({ type: "array", items: { type: "string" } });
      const successes = Object.keys(op.responses).filter((c) => c.startsWith("2"));
      expect(successes, name).toHaveLength(1);
      expect(
        Object.keys(op.responses).every((c) => /^[1-5]\d\d$/.test(c)),
        name,
      ).toBe(true);
    }
  });

  it("lists 409, 413 and 415 on writes with a body, 422 where an Idempotency-Key is honoured, 409 on DELETE", () => {
    for (const { method, path, op } of operations) {
      const name = `${method} ${path}`;
      const codes = Object.keys(op.responses);
      if (method === "POST" || method === "PATCH" || method === "PUT") expect(codes, name).toEqual(expect.arrayContaining(["409", "413", "415"]));
      if (method === "POST" || method === "PATCH") expect(codes, name).toContain("422");
      else expect(codes, name).not.toContain("422");
      if (method === "DELETE") expect(codes, name).toContain("409");
      if (method === "GET") expect(codes, name).not.toContain("413");
    }
  });

  it("takes Idempotency-Key on every POST and PATCH, and nowhere else", () => {
    for (const { method, path, op } of operations) {
      const keyed = (op.parameters ?? []).filter((p) => p.in === "header" && p.name === "Idempotency-Key");
      expect(keyed, `${method} ${path}`).toHaveLength(method === "POST" || method === "PATCH" ? 1 : 0);
      expect(keyed.every((p) => p.required === false)).toBe(true);
    }
  });

  it("describes the RateLimit fields on every answer after authentication, and Retry-After on 429", () => {
    for (const { method, path, op } of operations) {
      for (const code of Object.keys(op.responses)) {
        const headers = Object.keys(response(op, code).headers ?? {});
        if (code === "401") expect(headers, `${method} ${path} 401`).not.toEqual(expect.arrayContaining(RATE_LIMIT));
        else expect(headers, `${method} ${path} ${code}`).toEqual(expect.arrayContaining(RATE_LIMIT));
      }
      expect(header(response(op, "429").headers?.["Retry-After"])?.schema, `${method} ${path}`).toEqual({ type: "integer" });
    }
  });

  it("marks the test helpers and the demo payments demo only (x-demo-only and in words), and nothing else", () => {
    const helpers = operations.filter((o) => o.path.startsWith("/test_helpers/"));
    expect(helpers.map((o) => o.path).sort()).toEqual(
      expect.arrayContaining([
        "/test_helpers/employees/{employee_id}/claim/",
        "/test_helpers/employees/{employee_id}/verify/",
        "/test_helpers/invoices/{invoice_id}/pay/",
        "/test_helpers/payouts/{payout_id}/accept/",
        "/test_helpers/payruns/{payrun_id}/pay/",
      ]),
    );
    for (const { method, path, op } of operations) {
      const demo = path.startsWith("/test_helpers/") || DEMO_ONLY.has(path);
      expect(op["x-demo-only"] === true, `${method} ${path}`).toBe(demo);
      if (demo) expect(op.description, `${method} ${path}`).toMatch(/^Demo environment only: a live API key gets 403\./);
    }
  });

  it("defines each error answer once and refers to it (the document stays small enough for /docs and generators)", () => {
    const text = JSON.stringify(doc);
    for (const name of Object.keys(doc.components.responses)) expect(text, name).toContain(`"#/components/responses/${name}"`);
    expect(JSON.stringify(doc.paths)).not.toContain("Unexpected error; the detail carries the request id");
    expect(text.length).toBeLessThan(300_000);
  });

  it("keeps only the error schemas it refers to (the edge never answers the library's tRPC error shape)", () => {
    expect(Object.keys(doc.components.schemas).filter((n) => n.startsWith("error."))).toEqual([]);
    expect(JSON.stringify(doc)).not.toContain("INTERNAL_SERVER_ERROR");
  });
});

describe("the document says what the edge does", () => {
  it("a PATCH with an Idempotency-Key is replayed; a reuse with another body is 422; answers carry the RateLimit fields", async () => {
    const { key } = await app.newKey("demo");
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "oc-int" }) })).status).toBe(201);
    const patch = (name: string) =>
      app.json<{ name: string }>("/v2/integrations/oc-int/", { method: "PATCH", key, headers: { "Idempotency-Key": "oc-patch" }, body: { name } });
    const first = await patch("First");
    expect(first.status).toBe(200);
    for (const header of RATE_LIMIT) expect(first.headers.get(header), header).toMatch(/^\d+$/);
    const replay = await patch("First");
    expect(replay.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    const reused = await patch("Second");
    expect(reused.status).toBe(422);
    expect(Object.keys(reused.body)).toEqual(["detail"]);
    expect((await app.json("/v2/integrations/", { key: null })).headers.get("RateLimit-Limit")).toBeNull();
  });

  it("a demo-only operation answers a live key 403", async () => {
    const { key } = await app.newKey("live");
    expect((await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "oc-live" }) })).status).toBe(201);
    for (const { method, path } of operations.filter((o) => o.op["x-demo-only"])) {
      const concrete = path.replace(/\{[^}]+\}/g, "x");
      const res = await app.json<{ detail: string }>(`/v2${concrete}`, { method, key, headers: { "Integration-ID": "oc-live" } });
      expect(res.status, path).toBe(403);
      expect(typeof res.body.detail).toBe("string");
    }
  });
});
