/** Integrations through /v2/: every endpoint and rule of the spec. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIntegration } from "@/domain/integrations/integration-service";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

// 1x1 transparent PNG
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let app: TestApp;
let key: string;
let accountPk: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ key, accountPk } = await app.newKey("demo"));
});
afterAll(() => app?.close());

type Integration = Record<string, unknown> & { id: string; type: number; logo: string | null };
type List = { count: number; next: string | null; previous: string | null; results: Integration[] };

const create = (body: Record<string, unknown>, k = key) => app.json<Integration>("/v2/integrations/", { method: "POST", key: k, body });

describe("create and retrieve", () => {
  it("creates a type-3 Integration with defaults and returns 201", async () => {
    const res = await create(integrationBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...integrationBody(), type: 3, logo: null, metadata: {}, address_line_2: null });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await app.json<Integration>(`/v2/integrations/${res.body.id}/`, { key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it("a caller-supplied id is kept (numbers become strings); an existing id is a 400", async () => {
    expect((await create(integrationBody({ id: 9472 }))).body.id).toBe("9472");
    const dup = await create(integrationBody({ id: "9472" }));
    expect(dup.status).toBe(400);
    expect(dup.body).toEqual({ id: ["An object with this id already exists."] });
  });

  it("ids are globally unique: another account cannot take one", async () => {
    await create(integrationBody({ id: "global-1" }));
    const other = await app.newKey("live");
    expect((await create(integrationBody({ id: "global-1" }), other.key)).status).toBe(400);
  });

  it("accepts a base64 logo (or data: URL) and serves it at its URL", async () => {
    for (const logo of [PNG.toString("base64"), `data:image/png;base64,${PNG.toString("base64")}`]) {
      const res = await create(integrationBody({ logo }));
      expect(res.status).toBe(201);
      expect(res.body.logo).toMatch(new RegExp(`^${app.url}/media/[0-9a-f-]{36}/logo\\.png$`));
      const img = await fetch(String(res.body.logo));
      expect(img.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await img.arrayBuffer())).toEqual(PNG);
    }
  });

  it("accepts multipart/form-data with a logo file", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(integrationBody({ id: "multi-1" }))) form.set(k, String(v));
    form.set("metadata", JSON.stringify({ source: "form" }));
    form.set("logo", new Blob([PNG], { type: "image/png" }), "Our Logo.png");
    const res = await app.json<Integration>("/v2/integrations/", { method: "POST", key, body: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: "multi-1", metadata: { source: "form" } });
    expect(res.body.logo).toMatch(/\/Our-Logo\.png$/);
  });

  it("refuses a logo that is not an image", async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(integrationBody())) form.set(k, String(v));
    form.set("logo", new Blob(["#!/bin/sh"], { type: "image/png" }), "x.png");
    const res = await app.json("/v2/integrations/", { method: "POST", key, body: form });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ logo: ["Upload a valid image (PNG, JPEG, GIF, WebP or SVG)."] });
  });
});

describe("list", () => {
  it("pages with absolute next/previous that keep other parameters, and filters by type", async () => {
    const { key: k } = await app.newKey("demo");
    for (let i = 0; i < 5; i++) await create(integrationBody({ id: `page-${k.slice(-6)}-${i}` }), k);
    const first = await app.json<List>("/v2/integrations/?page_size=2&type=3", { key: k });
    expect(first.body.count).toBe(5);
    expect(first.body.results).toHaveLength(2);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toBe(`${app.url}/v2/integrations/?page_size=2&type=3&page=2`);
    const last = await app.json<List>("/v2/integrations/?page_size=2&type=3&page=3", { key: k });
    expect(last.body.results).toHaveLength(1);
    expect(last.body.next).toBeNull();
    expect(last.body.previous).toBe(`${app.url}/v2/integrations/?page_size=2&type=3&page=2`);
    const second = await app.json<List>(last.body.previous!.replace(app.url, ""), { key: k });
    expect(second.body.previous).toBe(`${app.url}/v2/integrations/?page_size=2&type=3`);
    const all = await app.json<List>("/v2/integrations/", { key: k });
    expect(all.body.count).toBe(6); // with the web-app Integration
    expect((await app.json<List>("/v2/integrations/?type=1", { key: k })).body.results.map((r) => r.type)).toEqual([1]);
  });

  it("an out-of-range or invalid page is a 404 'Invalid page.'; page_size is capped at 100", async () => {
    for (const q of ["page=99", "page=0", "page=abc"]) {
      const res = await app.json(`/v2/integrations/?${q}`, { key });
      expect(res.status, q).toBe(404);
      expect(res.body).toEqual({ detail: "Invalid page." });
    }
    expect((await app.api("/v2/integrations/?page_size=100000", { key })).status).toBe(200);
  });
});

describe("update, replace, delete", () => {
  it("PATCH keeps omitted fields and can change the id (the object moves)", async () => {
    const { body } = await create(integrationBody({ id: "patch-me", metadata: { a: 1 }, address_line_2: "c/o X" }));
    const res = await app.json<Integration>("/v2/integrations/patch-me/", { method: "PATCH", key, body: { id: "patched", city: "Malmö" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...body, id: "patched", city: "Malmö" });
    expect((await app.api("/v2/integrations/patch-me/", { key })).status).toBe(404);
    expect((await app.api("/v2/integrations/patched/", { key })).status).toBe(200);
  });

  it("an Integration-ID header follows renames and deletes at once", async () => {
    await create(integrationBody({ id: "header-old" }));
    const employees = (id: string) => app.api("/v2/employees/", { key, headers: { "Integration-ID": id } });
    expect((await employees("header-old")).status).toBe(200);
    expect((await employees("header-old")).status).toBe(200); // (remembered on the embedded database)
    await app.json("/v2/integrations/header-old/", { method: "PATCH", key, body: { id: "header-new" } });
    expect((await employees("header-old")).status).toBe(404);
    expect((await employees("header-new")).status).toBe(200);
    await create(integrationBody({ id: "header-old" }));
    const created = await app.json<{ id: string }>("/v2/employees/", {
      method: "POST",
      key,
      headers: { "Integration-ID": "header-old" },
      body: { name: "Anna", email: "anna@example.se", country: "SWE" },
    });
    expect(created.status).toBe(201);
    expect((await app.json<{ count: number }>("/v2/employees/", { key, headers: { "Integration-ID": "header-new" } })).body.count).toBe(0);
    expect((await app.api("/v2/integrations/header-new/", { method: "DELETE", key })).status).toBe(204);
    expect((await employees("header-new")).status).toBe(404);
  });

  it("PUT needs create's required fields and resets optional ones", async () => {
    await create(integrationBody({ id: "put-me", metadata: { a: 1 }, address_line_2: "c/o X", logo: PNG.toString("base64") }));
    const missing = await app.json("/v2/integrations/put-me/", { method: "PUT", key, body: { id: "put-me", name: "New" } });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(["address_line_1", "city", "email", "recipient", "zip_code"]);
    const res = await app.json<Integration>("/v2/integrations/put-me/", { method: "PUT", key, body: integrationBody({ id: "put-me", name: "New" }) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: "put-me", name: "New", metadata: {}, address_line_2: null, logo: null });
  });

  it("deletes a type-3 Integration with 204 and an empty body", async () => {
    await create(integrationBody({ id: "delete-me" }));
    const res = await app.api("/v2/integrations/delete-me/", { method: "DELETE", key });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    expect((await app.api("/v2/integrations/delete-me/", { key })).status).toBe(404);
  });

  it("type 1 cannot be deleted; type 2 cannot be updated, replaced or deleted", async () => {
    const webApp = (await app.json<List>("/v2/integrations/?type=1", { key })).body.results[0];
    const del = await app.json(`/v2/integrations/${webApp.id}/`, { method: "DELETE", key });
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ detail: "Integrations of type 1 cannot be deleted." });
    expect((await app.api(`/v2/integrations/${webApp.id}/`, { method: "PATCH", key, body: { city: "Lund" } })).status).toBe(200);

    await createIntegration(app.db, { accountPk, environment: "demo" }, { ...integrationBody({ id: "invoice-2" }), email: "i@x.se" } as never, 2);
    for (const [method, body] of [
      ["PATCH", { name: "x" }],
      ["PUT", integrationBody({ id: "invoice-2" })],
    ] as const) {
      const res = await app.json("/v2/integrations/invoice-2/", { method, key, body });
      expect(res.status, method).toBe(403);
      expect(res.body).toEqual({ detail: "Integrations of type 2 cannot be updated or replaced." });
    }
    expect((await app.api("/v2/integrations/invoice-2/", { method: "DELETE", key })).status).toBe(403);
  });
});

describe("isolation", () => {
  it("objects of another account or environment answer 404, exactly as if they did not exist", async () => {
    const { body } = await create(integrationBody({ id: "mine-only" }));
    const otherAccount = await app.newKey("demo");
    const { key: liveKey } = await app.newKey("live", { account: (await app.db.account.findUniqueOrThrow({ where: { pk: accountPk } })).name });
    for (const k of [otherAccount.key, liveKey]) {
      for (const method of ["GET", "PATCH", "PUT", "DELETE"]) {
        const res = await app.json(`/v2/integrations/${body.id}/`, {
          method,
          key: k,
          body: method === "GET" || method === "DELETE" ? undefined : integrationBody(),
        });
        expect(res.status, method).toBe(404);
        expect(res.body).toEqual({ detail: "Not found." });
      }
      const list = await app.json<List>("/v2/integrations/", { key: k });
      expect(list.body.results.map((r) => r.id)).not.toContain("mine-only");
    }
  });
});
