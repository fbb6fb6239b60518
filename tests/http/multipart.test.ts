/**
 * Multipart bodies as browsers send them: the media type is case-insensitive, the boundary is
 * case-sensitive and must be used as sent (Chromium's is `----WebKitFormBoundary` + mixed-case letters).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, type TestApp } from "../support/test-app";

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let app: TestApp;
let key: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ key } = await app.newKey("demo"));
});
afterAll(() => app?.close());

/** A multipart body built by hand, byte for byte as Chromium writes one. */
function chromiumForm(boundary: string, fields: Record<string, string>, file: { name: string; type: string; data: Buffer }): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="logo"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

describe("multipart/form-data", () => {
  it("a WebKit boundary with upper-case letters, as Chromium sends it, creates the Integration with its logo", async () => {
    const boundary = "----WebKitFormBoundaryQ7xZk2LmNpR4sTuV";
    // The media type in any case; the boundary exactly as sent.
    for (const [id, mediaType] of [
      ["webkit-1", "multipart/form-data"],
      ["webkit-2", "Multipart/Form-Data"],
    ]) {
      const fields = Object.fromEntries(Object.entries(integrationBody({ id })).map(([k, v]) => [k, String(v)]));
      const res = await fetch(`${app.url}/v2/integrations/`, {
        method: "POST",
        headers: { Authorization: `Token ${key}`, "Content-Type": `${mediaType}; boundary=${boundary}` },
        body: new Uint8Array(chromiumForm(boundary, fields, { name: "Logo.png", type: "image/png", data: PNG })),
      });
      const created = (await res.json()) as { id: string; logo: string };
      expect(res.status, JSON.stringify(created)).toBe(201);
      expect(created.id).toBe(id);
      const img = await fetch(created.logo);
      expect(img.status).toBe(200);
      expect(Buffer.from(await img.arrayBuffer())).toEqual(PNG);
    }
  });

  it("a body whose boundary differs from the header's only in case is refused (400), never read with the wrong one", async () => {
    const fields = Object.fromEntries(Object.entries(integrationBody({ id: "webkit-3" })).map(([k, v]) => [k, String(v)]));
    const res = await fetch(`${app.url}/v2/integrations/`, {
      method: "POST",
      headers: { Authorization: `Token ${key}`, "Content-Type": "multipart/form-data; boundary=----WebKitFormBoundaryABC" },
      body: new Uint8Array(chromiumForm("----WebKitFormBoundaryabc", fields, { name: "Logo.png", type: "image/png", data: PNG })),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toHaveProperty("detail");
  });
});
