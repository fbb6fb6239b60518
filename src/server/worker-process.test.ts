import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { WORKER_HEAP_FLAGS } from "./worker-process";

describe("the worker's heap flags", () => {
  it("are the same for `npm run worker` as for npm start's worker child", () => {
    const scripts = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
    for (const flag of WORKER_HEAP_FLAGS) expect(scripts.worker.split(" ")).toContain(flag);
  });
});
