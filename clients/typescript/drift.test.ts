/**
 * The drift check: the committed openapi.json and src/schema.d.ts are what `npm run client:generate` makes from the
 * procedures now, and equal to the document the app serves. A schema changed without regenerating fails here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIR, GENERATED, clientDrift } from "../../scripts/client-schema";
import { startTestApp, type TestApp } from "../../tests/support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe("the generated client", () => {
  it("is up to date: regenerating gives the committed files (else run `npm run client:generate`)", async () => {
    expect(await clientDrift()).toEqual([]);
  });

  it("was generated from the served document (only the server's origin differs)", async () => {
    const served = await app.json<{ servers: { url: string }[]; externalDocs: { url: string } }>("/v2/openapi.json", { key: null });
    expect(served.body.servers).toEqual([{ url: `${app.publicUrl}/v2` }]);
    const committed: unknown = JSON.parse(fs.readFileSync(path.join(CLIENT_DIR, "openapi.json"), "utf8"));
    expect(served.body.externalDocs.url).toBe(`${app.publicUrl}/docs`);
    expect(committed).toEqual({ ...served.body, servers: [{ url: "/v2" }], externalDocs: { ...served.body.externalDocs, url: "/docs" } });
  });

  it("notices a change: a scratch copy whose schema or document differs is reported", async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "client-drift-"));
    try {
      for (const file of GENERATED) fs.cpSync(path.join(CLIENT_DIR, file), path.join(scratch, file), { recursive: true });
      expect(await clientDrift(scratch)).toEqual([]);
      const schema = path.join(scratch, "src/schema.d.ts");
      fs.writeFileSync(schema, fs.readFileSync(schema, "utf8").replace("latest_status", "status_of_old"));
      expect(await clientDrift(scratch)).toEqual(["src/schema.d.ts"]);
      const document = path.join(scratch, "openapi.json");
      const doc = JSON.parse(fs.readFileSync(document, "utf8")) as { components: { schemas: { Employee: { properties: Record<string, unknown> } } } };
      delete doc.components.schemas.Employee.properties.email;
      fs.writeFileSync(document, `${JSON.stringify(doc, null, 2)}\n`);
      expect(await clientDrift(scratch)).toEqual(["openapi.json", "src/schema.d.ts"]);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
