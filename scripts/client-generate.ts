/**
 * `npm run client:generate`: writes clients/typescript/openapi.json (the /v2/ document, made without a server) and
 * clients/typescript/src/schema.d.ts (its types, by openapi-typescript). Run it after changing a procedure's schema
 * or meta; the client's drift test fails until then.
 */
import fs from "node:fs";
import path from "node:path";
import { CLIENT_DIR, generateClientFiles } from "./client-schema";

const files = await generateClientFiles();
for (const [file, text] of Object.entries(files)) {
  fs.writeFileSync(path.join(CLIENT_DIR, file), text);
  console.log(`wrote ${path.relative(process.cwd(), path.join(CLIENT_DIR, file))}`);
}
