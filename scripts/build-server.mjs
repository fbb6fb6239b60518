// Bundles the server, worker and CLI entry points (our code only; packages stay in node_modules).
import { build } from "esbuild";

await build({
  entryPoints: { server: "src/server/main.ts", worker: "src/worker/main.ts", cli: "src/cli/main.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  jsx: "automatic",
  logLevel: "warning",
  alias: { "@": "./src" },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
