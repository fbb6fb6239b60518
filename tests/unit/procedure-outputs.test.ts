// Every procedure declares `.output()` (CONVENTIONS "Every procedure declares .output()"): the API representation
// is a schema of its own, and a field a service adds by accident is stripped instead of leaking.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { appRouter } from "@/trpc/app-router";

/** tRPC keeps a procedure's output parser in `_def.output` (what trpc-to-openapi reads too). */
function outputOf(procedure: unknown): unknown {
  if ((typeof procedure !== "function" && typeof procedure !== "object") || procedure === null || !("_def" in procedure)) return undefined;
  const def = procedure._def;
  return typeof def === "object" && def !== null && "output" in def ? def.output : undefined;
}

describe("tRPC procedures", () => {
  it("all have an output schema", () => {
    // `_def.procedures` is flat: "employees.list", "webhooks.deliveries", …
    const procedures: Record<string, unknown> = appRouter._def.procedures;
    expect(Object.keys(procedures).length).toBeGreaterThan(50);
    const missing = Object.entries(procedures)
      .filter(([, procedure]) => !(outputOf(procedure) instanceof z.ZodType))
      .map(([path]) => path);
    expect(missing).toEqual([]);
  });
});
