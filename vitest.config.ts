import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve("src") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // In-process and quick: no database, no app (those go to "embedded-db" or "http").
        test: { name: "unit", include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"], testTimeout: 30_000 },
      },
      {
        resolve: { alias },
        // Each file starts the embedded PostgreSQL (PGlite, seconds to boot and migrate), in memory or in a data
        // folder, or runs the CLI over one.
        test: { name: "embedded-db", include: ["tests/embedded-db/**/*.test.ts"], testTimeout: 60_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        // Each file starts the app on a random port with a database of its own (TEST_DB=pglite|pg).
        test: {
          name: "http",
          include: ["tests/http/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // TEST_DB=pgbouncer: one PgBouncer in transaction mode in front of the PostgreSQL server.
          globalSetup: ["tests/support/pgbouncer-setup.ts"],
        },
      },
    ],
  },
});
