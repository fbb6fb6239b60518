// The Prisma CLI is used only for `generate` and for writing migration SQL (`npm run db:diff`);
// the app applies migrations itself on start (src/db/migrate.ts), on PGlite and PostgreSQL alike.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

process.env.CHECKPOINT_DISABLE ??= "1"; // no update-check request
// The schema's env("DATABASE_URL") must resolve; the diff itself only needs a server to start the schema engine.
process.env.DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js", // WASM schema engine: no binary download
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  // allowExitOnIdle: the CLI otherwise waits for the pool's idle timeout before exiting.
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL, allowExitOnIdle: true }),
});
