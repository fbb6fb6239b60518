import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_HEAP_FLAGS, WORKER_HEAP_FLAGS } from "./heap-flags";

const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;

describe("the heap flags", () => {
  it("of the worker are the same for `npm run worker` as for npm start's worker child", () => {
    for (const flag of WORKER_HEAP_FLAGS) expect(scripts.worker.split(" ")).toContain(flag);
  });

  it("leave npm start in production mode without Node's source maps (docs/deploy.md)", () => {
    expect(scripts.start.split(" ").slice(0, 2)).toEqual(["NODE_ENV=production", "node"]);
    expect(scripts.start).not.toContain("--enable-source-maps");
  });

  it("of the server are npm start's", () => {
    for (const flag of SERVER_HEAP_FLAGS) expect(scripts.start.split(" ")).toContain(flag);
  });
});
