import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, WORKER_HEAP_FLAGS } from "./heap-flags";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
/** The NAME=value words before `node` in npm start's script. */
const startEnvironment = scripts.start.split(" ").slice(0, scripts.start.split(" ").indexOf("node"));

describe("the heap flags", () => {
  it("of the worker are the same for `npm run worker` as for npm start's worker child", () => {
    for (const flag of WORKER_HEAP_FLAGS) expect(scripts.worker.split(" ")).toContain(flag);
  });

  it("leave npm start in production mode without Node's source maps (docs/deploy.md)", () => {
    expect(startEnvironment).toContain("NODE_ENV=production");
    for (const word of startEnvironment) expect(word).toMatch(/^[A-Z_]+=\S+$/);
    expect(scripts.start).not.toContain("--enable-source-maps");
  });

  it("of the server's C heap are in npm start's environment", () => {
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(startEnvironment).toContain(`${name}=${value}`);
  });

  it("of the server are npm start's", () => {
    for (const flag of SERVER_HEAP_FLAGS) expect(scripts.start.split(" ")).toContain(flag);
  });
});
