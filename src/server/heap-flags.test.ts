import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, WORKER_HEAP_FLAGS } from "./heap-flags";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the heap flags", () => {
  it("of the worker are the same for `npm run worker` as for npm start's worker child", () => {
    for (const flag of WORKER_HEAP_FLAGS) expect(scripts.worker.split(" ")).toContain(flag);
  });

  it("leave npm start in production mode without Node's source maps (docs/deploy.md)", () => {
    const words = scripts.start.split(" ");
    const environment = words.slice(0, words.indexOf("node"));
    expect(environment).toContain("NODE_ENV=production");
    for (const word of environment) expect(word).toMatch(/^[A-Z_]+=\S+$/);
    expect(scripts.start).not.toContain("--enable-source-maps");
  });

  it("of the server's C heap are in npm start's environment", () => {
    const words = scripts.start.split(" ");
    const environment = words.slice(0, words.indexOf("node"));
    for (const [name, value] of Object.entries(SERVER_MALLOC_ENV)) expect(environment).toContain(`${name}=${value}`);
  });

  it("of the server are npm start's", () => {
    for (const flag of SERVER_HEAP_FLAGS) expect(scripts.start.split(" ")).toContain(flag);
  });
});
