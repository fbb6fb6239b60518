/** Uploaded files (from the database) and the API reference page's assets. */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import type { Db } from "@/db/database";
import { jsonResponse, type HttpResponse } from "@/http/respond";
import { t } from "@/i18n/locale";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /media/<file id>/<name> */
export async function serveMedia(db: Db, pathname: string): Promise<HttpResponse> {
  const [, , pk] = pathname.split("/");
  if (!pk || !UUID.test(pk)) return jsonResponse(404, { detail: t("not_found") });
  const file = await db.storedFile.findUnique({ where: { pk }, select: { contentType: true, data: true } });
  if (!file) return jsonResponse(404, { detail: t("not_found") });
  return {
    status: 200,
    headers: {
      "Content-Type": file.contentType,
      // Files are immutable (a new upload gets a new id); SVGs may not run scripts.
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
    body: Buffer.from(file.data),
  };
}

const swaggerDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

export function serveDocs(pathname: string): HttpResponse {
  if (pathname === "/docs" || pathname === "/docs/") {
    const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Payroute API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head><body><div id="ui" data-spec="/v2/openapi.json"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/assets/init.js"></script></body></html>`;
    return { status: 200, headers: { "Content-Type": "text/html; charset=utf-8" }, body: page };
  }
  const name = pathname.slice("/docs/assets/".length);
  if (name === "init.js") {
    const js = `window.ui = SwaggerUIBundle({ url: document.getElementById("ui").dataset.spec, dom_id: "#ui", deepLinking: true });`;
    return { status: 200, headers: { "Content-Type": "text/javascript; charset=utf-8" }, body: js };
  }
  const type = ASSETS[name];
  if (!type) return jsonResponse(404, { detail: t("not_found") });
  return {
    status: 200,
    headers: { "Content-Type": type, "Cache-Control": "public, max-age=86400" },
    body: fs.readFileSync(path.join(swaggerDir, name)),
  };
}
