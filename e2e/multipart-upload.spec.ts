import { expect, test } from "@playwright/test";
// The demo API key scripts/e2e-server.mjs created for this worker's client account.
import { apiKey } from "./dashboard-pages";
import { PNG_LOGO, unique } from "./support";

test("an Integration logo uploaded with a multipart body that Chromium itself builds", async ({ page }) => {
  await page.goto("/login");
  const id = unique("logo").replace(/[^A-Za-z0-9]+/g, "-");
  const sent = page.waitForRequest((req) => req.url().endsWith("/v2/integrations/") && req.method() === "POST");
  const result = await page.evaluate(
    async ({ key, id, png }) => {
      const form = new FormData();
      const fields: Record<string, string> = {
        id,
        name: "Logo Test",
        email: "logo@example.com",
        recipient: "Accounts Payable",
        address_line_1: "1 Main Street",
        zip_code: "1011 AB",
        city: "Amsterdam",
      };
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      form.set("logo", new File([bytes], "logo.png", { type: "image/png" }));
      const res = await fetch("/v2/integrations/", { method: "POST", headers: { Authorization: `Token ${key}` }, body: form });
      return { status: res.status, type: res.headers.get("content-type"), body: (await res.json()) as { id?: string; logo?: string } };
    },
    { key: apiKey(), id, png: PNG_LOGO.buffer.toString("base64") },
  );
  // The browser chose the boundary: WebKit's prefix and mixed-case letters.
  expect((await sent).headers()["content-type"]).toMatch(/^multipart\/form-data; boundary=----WebKitFormBoundary[A-Za-z0-9]+$/);
  expect(result, JSON.stringify(result.body)).toMatchObject({ status: 201, type: "application/json", body: { id } });
  const logo = await page.request.get(String(result.body.logo));
  expect(logo.status()).toBe(200);
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(await logo.body()).toEqual(PNG_LOGO.buffer);
});
