// Playwright's web server: a fresh embedded database with two people, then the built app on port E2E_PORT (3101).
// Assumes `npm run build` has run (dist/ and .next/).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { SELLER_ENV } from "./seller-env.mjs";

const DATA_DIR = process.env.E2E_DATA_DIR ?? "data/e2e";
const users = JSON.parse(readFileSync(new URL("../e2e/users.json", import.meta.url), "utf8"));

for (const built of ["dist/server.js", "dist/cli.js", ".next/BUILD_ID"]) {
  if (!existsSync(built)) {
    console.error(`e2e-server: ${built} is missing; run \`npm run build\` first.`);
    process.exit(1);
  }
}

rmSync(DATA_DIR, { recursive: true, force: true });
const env = { ...process.env, ...SELLER_ENV, DATA_DIR, PORT: process.env.E2E_PORT ?? "3101", HOST: "127.0.0.1", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
// Development: the webhook specs deliver to a receiver on 127.0.0.1 (production's default is "none").
env.WEBHOOK_PRIVATE_TARGETS = "demo";
// Always the embedded database in DATA_DIR, even where DATABASE_URL is set (CI with PostgreSQL): every run starts empty.
delete env.DATABASE_URL;
delete env.PUBLIC_URL;

// The CLI must finish before the server starts: only one process may open an embedded data dir.
const cli = (...args) => execFileSync(process.execPath, ["dist/cli.js", ...args], { env, stdio: ["ignore", "inherit", "inherit"] });
const { client, operator } = users;
cli("users", "create", "--email", client.email, "--password", client.password, "--name", client.name, "--account", client.account);
cli("users", "create", "--email", operator.email, "--password", operator.password, "--name", operator.name, "--operator");
// A demo API key of the client's account, for specs that call /v2/ from the browser (read from this file).
// And a live one (api-key-live), for objects only live has, such as an Employee waiting for verification.
for (const [environment, file] of [
  ["demo", "api-key"],
  ["live", "api-key-live"],
]) {
  const keyOutput = execFileSync(process.execPath, ["dist/cli.js", "keys", "create", "--env", environment, "--account", client.account], {
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  writeFileSync(`${DATA_DIR}/${file}`, keyOutput.trim().split("\n").pop());
}

const server = spawn(process.execPath, ["--enable-source-maps", "dist/server.js"], { env, stdio: "inherit" });
for (const signal of ["SIGTERM", "SIGINT"]) {
  // The server closes the database cleanly on these; we exit when it has.
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
