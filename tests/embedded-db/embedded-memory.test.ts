/** The embedded database starts with small shared buffers: they are resident in the app's own process. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "@/db/database";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-buffers-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it("opens the embedded PostgreSQL with shared_buffers 32MB", async () => {
  const db = await openDatabase({ driver: "pglite", dataDir: dir, command: "test" });
  try {
    const [row] = await db.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>("SHOW shared_buffers");
    expect(row.shared_buffers).toBe("32MB");
  } finally {
    await db.close();
  }
});
