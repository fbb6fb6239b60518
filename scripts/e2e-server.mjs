// Playwright's web server: a fresh embedded database with the people of each worker (e2e/people.mjs), then the built app on port E2E_PORT (3101).
// Assumes `npm run build` has run (dist/ and .next/).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { SELLER_ENV } from "./seller-env.mjs";
import { ENCRYPTION_ENV } from "./encryption-env.mjs";
import pg from "pg";
import { E2E_WORKERS, keyFileOf, peopleOf } from "../e2e/people.mjs";

const DATA_DIR = process.env.E2E_DATA_DIR ?? "data/e2e";

for (const built of ["dist/server.js", "dist/cli.js", ".next/BUILD_ID"]) {
  if (!existsSync(built)) {
    console.error(`e2e-server: ${built} is missing; run \`npm run build\` first.`);
    process.exit(1);
  }
}

rmSync(DATA_DIR, { recursive: true, force: true });
mkdirSync(DATA_DIR, { recursive: true });
// E2E_DB=pg: a fresh PostgreSQL database (payroute_e2e_<port>) on PG_TEST_URL's server instead of the embedded one.
// CI runs the browser specs there: the server answers without the embedded database's single-threaded engine
// in its own process, and the HTTP suites cover both databases.
const databaseUrl = process.env.E2E_DB === "pg" ? await freshPostgresDatabase() : undefined;
const env = {
  ...process.env,
  ...SELLER_ENV,
  ...ENCRYPTION_ENV,
  DATA_DIR,
  PORT: process.env.E2E_PORT ?? "3101",
  HOST: "127.0.0.1",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
};
// Development: the webhook specs deliver to a receiver on 127.0.0.1 (production's default is "none").
env.WEBHOOK_PRIVATE_TARGETS = "demo";
// The embedded database in DATA_DIR unless E2E_DB=pg, even where DATABASE_URL is set: every run starts empty.
delete env.DATABASE_URL;
delete env.DATABASE_DIRECT_URL;
if (databaseUrl) env.DATABASE_URL = databaseUrl;
delete env.PUBLIC_URL;

// The CLI must finish before the server starts: only one process may open an embedded data dir. One batch (a process
// and one opening of the database for all of them, not one each).
const commands = [];
for (let index = 0; index < E2E_WORKERS; index++) {
  const { client, operator } = peopleOf(index);
  commands.push(["users", "create", "--email", client.email, "--password", client.password, "--name", client.name, "--account", client.account]);
  commands.push(["users", "create", "--email", operator.email, "--password", operator.password, "--name", operator.name, "--operator"]);
  // A demo API key of the client's account, for specs that call /v2/ from the browser (read from this file).
  // And a live one (api-key-live), for objects only live has, such as an Employee waiting for verification.
  commands.push(["keys", "create", "--env", "demo", "--account", client.account]);
  commands.push(["keys", "create", "--env", "live", "--account", client.account]);
}
const output = execFileSync(process.execPath, ["dist/cli.js", "batch", "-"], {
  env,
  input: commands.map((c) => JSON.stringify(c)).join("\n"),
  encoding: "utf8",
  stdio: ["pipe", "pipe", "inherit"],
});
// Each key is the line after "The key is shown only now:", in the order of the commands.
const lines = output.split("\n");
const keys = lines.flatMap((line, i) => (line.endsWith("The key is shown only now:") ? [lines[i + 1].trim()] : []));
if (keys.length !== 2 * E2E_WORKERS) {
  console.error(`e2e-server: the CLI printed ${keys.length} keys, not ${2 * E2E_WORKERS}:\n${output}`);
  process.exit(1);
}
for (let index = 0; index < E2E_WORKERS; index++) {
  writeFileSync(`${DATA_DIR}/${keyFileOf("api-key", index)}`, keys[2 * index]);
  writeFileSync(`${DATA_DIR}/${keyFileOf("api-key-live", index)}`, keys[2 * index + 1]);
}

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], { env, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) {
  // The server closes the database cleanly on these; we exit when it has.
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

async function freshPostgresDatabase() {
  const server = process.env.PG_TEST_URL ?? "postgresql://postgres@127.0.0.1:5432";
  const name = `payroute_e2e_${process.env.E2E_PORT ?? "3101"}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${server}/${name}`;
}
