/** PostgreSQL session locks: concurrent requests take and release keys on the one lock connection, in turn. */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "@/db/database";
import { sessionLocks } from "@/db/session-locks";
import { createPgDatabase, TEST_DB } from "../support/test-app";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe.skipIf(TEST_DB !== "pg")("session locks on PostgreSQL", () => {
  it("many keys at once: all held, then all released, with no query issued while another runs", async () => {
    const pg = await createPgDatabase();
    cleanups.push(pg.drop);
    const db = await openDatabase({ driver: "pg", url: pg.url, poolSize: 3 });
    cleanups.push(() => db.close());
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on("warning", onWarning);
    try {
      const locks = sessionLocks(db.prisma);
      const keys = Array.from({ length: 40 }, (_, i) => `key-${i}`);
      expect(await Promise.all(keys.map((k) => locks.hold(k)))).toEqual(keys.map(() => true));
      expect(await Promise.all(keys.map((k) => locks.isHeld(k)))).toEqual(keys.map(() => true));
      await Promise.all(keys.map((k) => locks.release(k)));
      expect(await Promise.all(keys.map((k) => locks.isHeld(k)))).toEqual(keys.map(() => false));
      await new Promise((r) => setImmediate(r)); // warnings are emitted on the next tick
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
  });
});
