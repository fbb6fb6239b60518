/**
 * The embedded database's memory in the app's own process: small shared buffers, new WAL segments not written as
 * zeros, and a new folder's cluster created by a child process (PGlite's initdb kept about 660 MiB of external memory in the process that ran it).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/db/database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-buffers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("opens the embedded PostgreSQL with shared_buffers 16MB and wal_init_zero off, its new cluster made by another process", async () => {
  expect(fs.existsSync(path.join(dir, "pglite", "PG_VERSION"))).toBe(false);
  const db = await openDatabase({ driver: "pglite", dataDir: dir, command: "test" });
  try {
    // The database's heap (128 MiB at least) and code, without initdb's copies of them.
    expect(process.memoryUsage().external / 2 ** 20).toBeLessThan(400);
    const [row] = await db.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>("SHOW shared_buffers");
    expect(row.shared_buffers).toBe("16MB");
    // A new WAL segment's 16 MB of zeros went through 16 buffers of 1 MiB in the JS heap, alive until a full collection.
    const [wal] = await db.prisma.$queryRawUnsafe<{ wal_init_zero: string }[]>("SHOW wal_init_zero");
    expect(wal.wal_init_zero).toBe("off");
  } finally {
    await db.close();
  }
});
