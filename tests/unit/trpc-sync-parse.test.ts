/**
 * patches/@trpc+server+*.patch (applied by `postinstall`: patch-package): tRPC validates a procedure's input and
 * output with the schema's `parse` first, falling back to `parseAsync` only for a schema that needs async work.
 * zod 4 runs its compiled fast path for synchronous parses only; tRPC as published always calls parseAsync.
 */
import { initTRPC, TRPCError } from "@trpc/server";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

const t = initTRPC.create();

describe("tRPC's validation, as patched", () => {
  it("parses input and output synchronously, with the same results", async () => {
    const input = z.object({ name: z.string().trim() });
    const output = z.object({ greeting: z.string() });
    const asyncCalls = [vi.spyOn(input, "parseAsync"), vi.spyOn(output, "parseAsync")];
    const router = t.router({
      hello: t.procedure
        .input(input)
        .output(output)
        .query(({ input: i }) => ({ greeting: `Hej ${i.name}`, extra: 1 })),
    });
    const caller = t.createCallerFactory(router)({});
    await expect(caller.hello({ name: "  Anna " })).resolves.toEqual({ greeting: "Hej Anna" }); // trimmed; `extra` stripped
    for (const spy of asyncCalls) expect(spy).not.toHaveBeenCalled();
  });

  it("refuses bad input as before", async () => {
    const router = t.router({ hello: t.procedure.input(z.object({ name: z.string().min(3) })).query(() => "ok") });
    const caller = t.createCallerFactory(router)({});
    const err = await caller.hello({ name: "ab" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TRPCError);
    expect(err).toMatchObject({ code: "BAD_REQUEST" });
    expect(err instanceof TRPCError && err.cause instanceof z.ZodError).toBe(true);
  });

  it("falls back to parseAsync for a schema with async refinements, and still applies them", async () => {
    const input = z.object({ name: z.string() }).refine(async (v) => Promise.resolve(v.name !== "taken"), { message: "taken" });
    const router = t.router({ hello: t.procedure.input(input).query(({ input: i }) => i.name) });
    const caller = t.createCallerFactory(router)({});
    await expect(caller.hello({ name: "free" })).resolves.toBe("free");
    await expect(caller.hello({ name: "taken" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
