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
        // One import of the modules per worker for all its files (isolate: false), as in "http" below.
        test: { name: "unit", include: ["src/**/*.test.ts", "tests/unit/**/*.test.ts"], testTimeout: 30_000, isolate: false },
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
          // The generated client (clients/typescript/) is tested against the real app too, on both databases.
          include: ["tests/http/**/*.test.ts", "clients/typescript/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // A worker imports the app once for all its files (each file still starts its own app and database): the
          // imports were half the suite's CPU. Nothing of a file outlives its app but the modules' own caches.
          isolate: false,
          // TEST_DB=pgbouncer: one PgBouncer in transaction mode in front of the PostgreSQL server. On the embedded
          // database, one migrated database that every app in memory starts from.
          globalSetup: ["tests/support/pgbouncer-setup.ts", "tests/support/pglite-template-setup.ts"],
        },
      },
    ],
  },
});
