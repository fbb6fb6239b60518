// Contracts for the two places that reach into a library's internals. When one of these fails after an
// upgrade, re-read the named file against the new release (and drop the patch if the library fixed the bug).
// - src/db/pglite-adapter.ts patches the query class of pglite-prisma-adapter (argument mapping, error kinds);
// - src/db/pglite-prepared.ts uses PGlite's private locks (_runExclusiveTransaction, _runExclusiveQuery) and its
//   wire-protocol helpers for named prepared statements.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PGlite, protocol, types } from "@electric-sql/pglite";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FixedPrismaPGlite } from "@/db/pglite-adapter";
import { preparedQueries } from "@/db/pglite-prepared";

const PINNED = { "@electric-sql/pglite": "0.5.16", "pglite-prisma-adapter": "0.6.1" } as const;
const require = createRequire(import.meta.url);

function installedVersion(name: string): string {
  // The package's own package.json, found from its entry point (its `exports` may not list package.json).
  let dir = path.dirname(require.resolve(name));
  while (!(fs.existsSync(path.join(dir, "package.json")) && dir.endsWith(path.join("node_modules", name)))) {
    if (dir === path.dirname(dir)) throw new Error(`no package.json found for ${name}`);
    dir = path.dirname(dir);
  }
  const pkg: unknown = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  return typeof pkg === "object" && pkg !== null && "version" in pkg && typeof pkg.version === "string" ? pkg.version : "unknown";
}

describe("pinned library internals", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await PGlite.create("memory://");
  }, 120_000);
  afterAll(async () => {
    await pglite?.close();
  });

  it("the installed versions are the ones the patches were written for", () => {
    for (const [name, version] of Object.entries(PINNED)) {
      expect(installedVersion(name), `${name} is no longer ${version}: re-check src/db/pglite-adapter.ts and src/db/pglite-prepared.ts`).toBe(version);
    }
  });

  it(`PGlite ${PINNED["@electric-sql/pglite"]} still has the private methods pglite-prepared.ts calls`, () => {
    for (const method of ["_runExclusiveTransaction", "_runExclusiveQuery", "execProtocol"] as const) {
      expect(typeof pglite[method], `PGlite.${method} (used by src/db/pglite-prepared.ts)`).toBe("function");
    }
    for (const step of ["parse", "bind", "describe", "execute", "sync"] as const) expect(typeof protocol.serialize[step]).toBe("function");
    expect(typeof protocol.messages.RowDescriptionMessage).toBe("function");
    expect(typeof protocol.messages.DataRowMessage).toBe("function");
    expect(typeof types.parseType).toBe("function");
  });

  it("named prepared statements answer, the second time from the prepared plan", async () => {
    const query = preparedQueries(pglite);
    const sql = "SELECT $1::int + 1 AS n, $2::timestamptz AS at";
    const at = new Date("2026-01-02T03:04:05Z");
    expect(await query<{ n: number; at: Date }>(sql, [1, at])).toEqual([{ n: 2, at }]);
    expect(await query<{ n: number; at: Date }>(sql, [41, at])).toEqual([{ n: 42, at }]);
    // A value with no text of its own is refused rather than sent as "[object Object]".
    await expect(query(sql, [{ n: 1 }, at])).rejects.toThrow(TypeError);
  });

  it(`pglite-prisma-adapter ${PINNED["pglite-prisma-adapter"]}: the patched query class is shared by transactions and maps errors`, async () => {
    const adapter = await new FixedPrismaPGlite(pglite).connect();
    const proto: unknown = Object.getPrototypeOf(Object.getPrototypeOf(adapter));
    const tx = await adapter.startTransaction();
    expect(
      typeof proto === "object" && proto !== null && Object.prototype.isPrototypeOf.call(proto, tx),
      "transactions no longer extend the patched class",
    ).toBe(true);
    await tx.rollback();

    await adapter.executeScript("CREATE TABLE pinned_check (id int PRIMARY KEY)");
    const insert = { sql: "INSERT INTO pinned_check (id) VALUES ($1)", args: [1], argTypes: [{ scalarType: "int", arity: "scalar" }] } as const;
    await adapter.executeRaw({ ...insert, args: [...insert.args], argTypes: [...insert.argTypes] });
    const failure = await adapter.executeRaw({ ...insert, args: [...insert.args], argTypes: [...insert.argTypes] }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(DriverAdapterError);
    expect(failure instanceof DriverAdapterError ? failure.cause.kind : null).toBe("UniqueConstraintViolation");
  });
});
