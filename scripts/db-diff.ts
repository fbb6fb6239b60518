/**
 * `npm run db:diff -- <name>`: writes prisma/migrations/<NNNN>_<name>/migration.sql, the SQL that takes a
 * database from the schema the committed migrations produce (kept in prisma/migrations/schema.snapshot.prisma)
 * to prisma/schema.prisma, and then updates the snapshot. A test checks that the snapshot equals the schema,
 * so a model change without its migration fails CI.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run db:diff -- <name_in_snake_case>");
  process.exit(2);
}
const dir = path.resolve("prisma/migrations");
const snapshot = path.join(dir, "schema.snapshot.prisma");
const sql = execFileSync(
  "npx",
  ["prisma", "migrate", "diff", "--from-schema-datamodel", snapshot, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { encoding: "utf8" },
);
if (!sql.trim() || sql.includes("This is an empty migration")) {
  console.log("No changes: the migrations already match prisma/schema.prisma.");
} else {
  // After the highest number, not the count: a number may be missing (there is no 0013).
  const next =
    Math.max(
      0,
      ...fs
        .readdirSync(dir)
        .filter((d) => /^\d{4}_/.test(d))
        .map((d) => Number(d.slice(0, 4))),
    ) + 1;
  const target = path.join(dir, `${String(next).padStart(4, "0")}_${name}`);
  fs.mkdirSync(target);
  fs.writeFileSync(path.join(target, "migration.sql"), sql);
  fs.copyFileSync("prisma/schema.prisma", snapshot);
  console.log(`Wrote ${path.relative(process.cwd(), target)}/migration.sql and updated the snapshot.`);
}
