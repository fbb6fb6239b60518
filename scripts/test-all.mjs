// `npm test`: builds, then runs every suite (lint; unit; embedded database; HTTP on embedded PGlite; HTTP on PostgreSQL and
// through PgBouncer; Playwright; many instances behind nginx on PostgreSQL) and ends with one line "N passed, N failed"
// over all of them.
// SKIP_BUILD=1 reuses an existing build. Chromium, pdftotext and nginx first (ensure-chromium.mjs): a missing
// tool stops the run before the build, not after it.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureChromium, ensureDebianTool } from "./ensure-chromium.mjs";

const missing = ensureChromium() ?? ensureDebianTool("pdftotext", "poppler-utils") ?? ensureDebianTool("nginx", "nginx");
if (missing) {
  console.error(missing);
  process.exit(1);
}

const out = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-test-"));
const PG_TEST_URL = process.env.PG_TEST_URL ?? "postgresql://postgres@127.0.0.1:5432";
/** Retries of a failed HTTP or browser test (TEST_RETRIES, default 1; 0 for none). See vitestSuite. */
const RETRY = Number(process.env.TEST_RETRIES ?? 1);
const results = [];
// Each suite's time is shown in the summary (the build's is its own line), to see where CI's minutes go.
let since = Date.now();
function record(result) {
  results.push({ ...result, seconds: Math.round((Date.now() - since) / 1000) });
  since = Date.now();
}

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return r.status ?? 1;
}

/**
 * A suite's tests that start servers and race them on a shared machine get one retry (TEST_RETRIES): a test that
 * fails twice fails. One that passed only on its retry counts as passed and is named in the summary as flaky,
 * with its first failure, so that it is seen and chased, not hidden.
 */
function vitestSuite(name, project, env = {}, files = [], retry = 0) {
  const file = path.join(out, `${name.replace(/\W+/g, "-")}.json`);
  const args = ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${file}`, `--retry=${retry}`, ...files];
  const status = run(name, "npx", args, env);
  let passed = 0;
  let failed = 0;
  let failures = [];
  let flaky = [];
  try {
    const report = JSON.parse(fs.readFileSync(file, "utf8"));
    passed = report.numPassedTests;
    // A failed test counts once; a file that failed with no failed test of its own (it did not load, a hook
    // threw) counts as one more. numFailedTestSuites would count a failed test again for each describe around it.
    const brokenFiles = report.testResults.filter((f) => f.status === "failed" && !f.assertionResults.some((a) => a.status === "failed")).length;
    failed = report.numFailedTests + brokenFiles;
    failures = report.testResults.flatMap((f) => {
      const file = path.relative(process.cwd(), f.name);
      const tests = f.assertionResults.filter((a) => a.status === "failed").map((a) => `${file} › ${a.fullName}`);
      return tests.length > 0 || f.status !== "failed" ? tests : [`${file} (did not run: ${(f.message ?? "").split("\n")[0]})`];
    });
    flaky = report.testResults.flatMap((f) =>
      f.assertionResults
        .filter((a) => a.status === "passed" && a.failureMessages?.length)
        .map((a) => `${path.relative(process.cwd(), f.name)} › ${a.fullName}: ${a.failureMessages[0].split("\n")[0]}`),
    );
  } catch {
    failed = 1; // the runner died before reporting
  }
  if (status !== 0 && failed === 0) failed = 1;
  record({ name, passed, failed, failures, flaky });
}

/** "file › title" of each spec with this outcome ("unexpected": failed; "flaky": passed on a retry), through Playwright's nested suites. */
function playwrightSpecs(suites, outcome) {
  return (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => spec.tests.some((t) => t.status === outcome)).map((spec) => `${spec.file} › ${spec.title}`),
    ...playwrightSpecs(suite.suites, outcome),
  ]);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: `${PG_TEST_URL}/postgres`, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch (e) {
    console.error(`PostgreSQL is not reachable at ${PG_TEST_URL}: ${e.message}`);
    return false;
  }
}

if (process.env.SKIP_BUILD !== "1") {
  if (run("build", "npm", ["run", "build"]) !== 0) {
    console.log("\n0 passed, 1 failed");
    process.exit(1);
  }
  console.log(`build: ${Math.round((Date.now() - since) / 1000)} s`);
  since = Date.now();
}

// Lint (typescript-eslint and the layer rules) and the formatting check (Prettier) count as one test each: each
// passes or fails as a whole. They run in the background beside the unit and embedded-database suites (lint is
// mostly one thread; those suites leave a core free), their output kept in a file and shown after them.
const lintLog = path.join(out, "lint.log");
const lintStarted = Date.now();
const lintDone = new Promise((resolve) => {
  const fd = fs.openSync(lintLog, "w");
  const child = spawn("sh", ["-c", 'npm run lint; l=$?; npm run format:check; f=$?; echo "lint=$l format=$f"'], { stdio: ["ignore", fd, fd] });
  child.on("exit", () => {
    fs.closeSync(fd);
    resolve(Math.round((Date.now() - lintStarted) / 1000));
  });
});

vitestSuite("unit", "unit");
vitestSuite("embedded database (PGlite, CLI)", "embedded-db");
{
  const lintSeconds = await lintDone;
  const text = fs.readFileSync(lintLog, "utf8");
  console.log(`\n=== lint and format (beside the suites above, ${lintSeconds} s) ===\n${text}`);
  const m = /lint=(\d+) format=(\d+)\s*$/.exec(text);
  for (const [name, status] of [
    ["lint", m ? Number(m[1]) : 1],
    ["format", m ? Number(m[2]) : 1],
  ]) {
    results.push({ name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1, seconds: 0 });
  }
  since = Date.now();
}
vitestSuite("http (embedded PGlite)", "http", { TEST_DB: "pglite" }, [], RETRY);
if (await postgresReachable()) vitestSuite("http (PostgreSQL)", "http", { TEST_DB: "pg", PG_TEST_URL }, [], RETRY);
else record({ name: "http (PostgreSQL)", passed: 0, failed: 1 });
// Through PgBouncer in transaction mode (tests/support/pgbouncer.ts), as large deployments run it: the files
// whose behaviour rests on what a pooler does not carry between transactions (prepared statements, advisory
// locks, LISTEN, counters under concurrency), not the whole suite again, to keep CI's minutes. The whole
// suite passes there too: `TEST_DB=pgbouncer npm run test:http`.
const THROUGH_POOLER = [
  "pooler",
  "idempotency",
  "idempotency-crash",
  "races",
  "rate-limits",
  "employees",
  "plan-each-run",
  "webhooks",
  "outbox-crash",
  "worker-budget",
  "request-log",
].map((name) => `tests/http/${name}.test.ts`);
if (!fs.existsSync("/usr/sbin/pgbouncer")) {
  console.error("pgbouncer is not installed (Debian package pgbouncer): the PgBouncer suite cannot run");
  record({ name: "http (PostgreSQL through PgBouncer)", passed: 0, failed: 1 });
} else if (await postgresReachable()) vitestSuite("http (PostgreSQL through PgBouncer)", "http", { TEST_DB: "pgbouncer", PG_TEST_URL }, THROUGH_POOLER, RETRY);
else record({ name: "http (PostgreSQL through PgBouncer)", passed: 0, failed: 1 });

// The browser specs: Playwright in Debian's Chromium on E2E_WORKERS workers (default 3), each with people of its own
// (e2e/people.mjs). Not beside the other suites: their three browsers take both cores, and the HTTP suites beside
// them ran five times slower.
{
  const file = path.join(out, "playwright.json");
  const status = run("e2e (Playwright, Chromium)", "npx", ["playwright", "test", "--reporter=list,json", `--retries=${RETRY}`], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
  });
  let passed = 0;
  let failed = 0;
  let failures = [];
  let flaky = [];
  try {
    const { stats, suites } = JSON.parse(fs.readFileSync(file, "utf8"));
    passed = stats.expected + stats.flaky;
    failed = stats.unexpected;
    failures = playwrightSpecs(suites, "unexpected");
    flaky = playwrightSpecs(suites, "flaky");
  } catch {
    failed = 1;
  }
  if (status !== 0 && failed === 0) failed = 1;
  record({ name: "e2e", passed, failed, failures, flaky });
}

// Many instances (scripts/multi-instance.ts, a short load): two web instances and two workers behind nginx on
// PostgreSQL, then the same through PgBouncer in transaction mode; each of its checks counts as a test. Its last
// line is "N passed, N failed".
{
  console.log("\n=== many instances behind nginx (PostgreSQL, then through PgBouncer) ===");
  const r = spawnSync("npx", ["tsx", "scripts/multi-instance.ts", "--seconds", "3"], {
    encoding: "utf8",
    env: { ...process.env, PG_TEST_URL },
    stdio: ["ignore", "pipe", "inherit"],
  });
  process.stdout.write(r.stdout ?? "");
  const m = /(\d+) passed, (\d+) failed\s*$/.exec(r.stdout ?? "");
  const passed = m ? Number(m[1]) : 0;
  let failed = m ? Number(m[2]) : 1;
  if (r.status !== 0 && failed === 0) failed = 1;
  record({ name: "many instances (nginx; direct and through PgBouncer)", passed, failed });
}

console.log("\n=== summary ===");
for (const r of results) {
  console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
  // Which tests, so that the summary alone (the end of a CI log) says what to look at.
  for (const failure of r.failures ?? []) console.log(`  failed: ${failure}`);
  for (const test of r.flaky ?? []) console.log(`  flaky (passed on its retry): ${test}`);
}
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
