/**
 * `npm run bench`: the Employee endpoints under load, compared with the Django REST Framework figures the
 * issue gives (gunicorn, 2 sync workers, PostgreSQL 15, 10,000 Employees, wrk 16 connections, 15 s), then
 * two app instances on one PostgreSQL (throughput and correctness), and webhook fan-out. The headline is what
 * users run: `npm start` (worker in process, limits on with a raised quota), with WORKER=0 RATE_LIMITS=0 beside it
 * and, with BENCH_COMPARE_DIST=<dir of another build's server.js>, that build's npm start ("before"), in the same
 * rounds (see headline()).
 * Flags: --embedded (also the embedded database), --seconds N (default 15), --employees N (default 10000),
 * --rounds N (default 3: each request measured N times, the requests taking turns; the median is reported),
 * --quick (5 s runs, 2,000 Employees), --only-headline (seed, then only the headline table),
 * --only-rate-limits (seed, then only the rate limiter's cost),
 * --only-trpc-limits (seed, then only what one demo key gets through /v2/ and /api/trpc at npm start's limits),
 * --only-background (seed, then only the background work and the webhook deliveries; with --embedded, on both
 * databases), --only-fairness (only the fairness case between two tenants, on both databases;
 * --fairness-db pg|embedded for one), --only-events (seed, then only the events list at 100,000 stored events). After the
 * rate limiter's cost, the fairness case (with --embedded, on both databases). After the instances: background work with npm start's defaults (a burst of creates,
 * invitations/s, reads while it drains, the process tree's memory), then webhook deliveries/s and
 * commit-to-receipt latency; with --embedded, both again on the embedded database (see BackgroundDb for how the
 * bench sees a folder the server holds). Every section with a target prints it next to its figure, and the
 * machine's load (`uptime`) beside it. Needs `npm run build` first; PostgreSQL at BENCH_PG_URL.
 */
import { SYSTEM_ACTOR } from "../../src/domain/audit/audit-record";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { z } from "zod";
import { openDatabase, type Database, type DatabaseOptions, type Db } from "../../src/db/database";
import { findOrCreateAccount } from "../../src/domain/accounts/account-service";
import { createApiKey } from "../../src/domain/api-keys/api-key-service";
import { startReceiver } from "../../tests/support/webhook-receiver";
import { limiterCpu } from "./limiter-cpu";
import { requestLogCpu } from "./request-log-cpu";
import { backendCpuSpent, backendCpuUs, processCpuUs } from "./process-cpu";
import { runLoad, toLoadResult, runSequential, type LoadResult } from "./load";
import { seed, type Seeded } from "./seed";
import { PAYRUN_SIZE, seedScale } from "./scale-seed";
import { trafficBench } from "./traffic";
import { EVENTS, explainEvents, FILTERED_TYPE, seedEvents } from "./events-list";
import { NOTIFY_EMPLOYEE_JOB } from "../../src/domain/employees/employee-invitation";
import { SERVER_HEAP_FLAGS, SERVER_MALLOC_ENV, WORKER_HEAP_FLAGS } from "../../src/server/heap-flags";
import { SELLER_ENV } from "../seller-env.mjs";
import { ENCRYPTION_ENV } from "../encryption-env.mjs";

const { values } = parseArgs({
  options: {
    embedded: { type: "boolean", default: false },
    quick: { type: "boolean", default: false },
    seconds: { type: "string" },
    employees: { type: "string" },
    rounds: { type: "string" },
    "only-rate-limits": { type: "boolean", default: false },
    /** Only the tRPC limits: what one demo key gets through /v2/ and /api/trpc (single calls and batches). */
    "only-trpc-limits": { type: "boolean", default: false },
    "only-background": { type: "boolean", default: false },
    /** The background sections on the embedded database alone (no PostgreSQL). */
    "only-embedded-background": { type: "boolean", default: false },
    /** Only the headline: the requests on npm start, on WORKER=0 RATE_LIMITS=0 and (BENCH_COMPARE_DIST) the compared build's npm start. */
    "only-headline": { type: "boolean", default: false },
    /** Only the fairness case between two tenants, on PostgreSQL and on the embedded database. */
    "only-fairness": { type: "boolean", default: false },
    /** With --only-fairness: `pg` or `embedded` for one database only (default both). */
    "fairness-db": { type: "string", default: "both" },
    /** Only the events list (GET /v2/events/) at 100,000 stored events, beside the Employees list. */
    "only-events": { type: "boolean", default: false },
    /** Only the webhook deliveries: on PostgreSQL, and with --embedded on the embedded database too. */
    "only-webhooks": { type: "boolean", default: false },
    /** The scale bench alone: the request cases at --scale-small Employees and at --scale-employees, side by side. */
    scale: { type: "boolean", default: false },
    "scale-employees": { type: "string", default: "1000000" },
    "scale-payouts": { type: "string", default: "5000000" },
    /** The smaller Integration the large one is compared with (its Payouts in the same ratio). */
    "scale-small": { type: "string", default: "10000" },
    /** With --scale: also the embedded database at this many Employees (0: not). */
    "scale-embedded": { type: "string", default: "0" },
    /**
     * With --scale: traffic at 100 requests/s in the large database's growing tables, the newest N days of each (at
     * most its retention; fractions allowed), then the hot reads of those tables and the retention job (traffic.ts).
     * 0: not. Each day (here and past retention) is about 7 GiB on PostgreSQL; every table at its full retention about 130 GiB.
     */
    "traffic-days": { type: "string", default: "0" },
    /** With --traffic-days: how much past each table's retention is seeded for the retention job to remove (days). */
    "traffic-purge-days": { type: "string", default: "1" },
    /**
     * With the headline: this build's npm start once more with these settings (NAME=value, repeatable) as the
     * "before" column, in the same rounds, e.g. `--compare-env REQUEST_LOG=0` for the request log's cost.
     */
    "compare-env": { type: "string", multiple: true, default: [] },
  },
});
const SECONDS = Number(values.seconds ?? (values.quick ? 5 : 15));
const EMPLOYEES = Number(values.employees ?? (values.quick ? 2000 : 10000));
const WARMUP = Math.min(3, SECONDS);
const OUTBOX_SECONDS = values.quick ? 10 : 30;
/** Each request is measured this many times, the requests taking turns; the median round is reported. */
const ROUNDS = Math.max(1, Number(values.rounds ?? (values.quick ? 1 : 3)));
const PG_SERVER = process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
const DRF = {
  list: { rps: 350, p50: 44, p99: 80 },
  search: { rps: 155, p50: 95, p99: 170 },
  /** A different term for nearly every request (DRF's figure is its one-term search, which it does not cache). */
  "search-any": { rps: 155, p50: 95, p99: 170 },
  get: { rps: 580, p50: 27, p99: 43 },
  post: { rps: 475, p50: 32, p99: 54 },
} as const;
/** The events list's cases (eventsList) besides the Employee requests DRF gave figures for. */
type Scenario = keyof typeof DRF | "events" | "events-type" | "filter" | "filter-any" | "payouts-payrun";
const log = (s: string) => console.log(s);
const children: ChildProcess[] = [];
/** The server process listening at each base URL, so that a measurement can read its CPU time. */
const serverAt = new Map<string, ChildProcess>();
/** The PostgreSQL database each base URL's server uses, so that a measurement can read its backends' CPU time. */
const databaseAt = new Map<string, string>();
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

if (!fs.existsSync("dist/server.js")) {
  console.error("Run `npm run build` first.");
  process.exit(2);
}

/**
 * BENCH_COMPARE_DIST=<dir holding another build's server.js>: that build's server, measured in the same turns as
 * this one's wherever a section compares builds; null without it. The dir must sit inside a checkout (e.g. a copy
 * of main's dist/ at dist/before/), so that the build finds its packages in node_modules.
 */
function comparedServer(): string | null {
  const dir = process.env.BENCH_COMPARE_DIST;
  if (!dir) return null;
  const script = path.join(dir, "server.js");
  if (!fs.existsSync(script)) throw new Error(`BENCH_COMPARE_DIST: no server.js in ${dir}`);
  return script;
}

/**
 * Two measurements' CPU per request, " (server after / before ms, PostgreSQL after / before ms, together x)", or
 * nothing when unknown. "Together" is what the server and its database spent on a request, after over before,
 * paired round by round as in pairedRatio: on a machine the load generator shares, CPU time per request moves far
 * less than req/s.
 */
function cpuPair(after: Measured, before: Measured): string {
  if (after.cpuUsMedian === null || before.cpuUsMedian === null) return "";
  const ms = (us: number) => (us / 1000).toFixed(3);
  const server = `server ${ms(after.cpuUsMedian)} / ${ms(before.cpuUsMedian)}`;
  if (after.pgCpuUsMedian === null || before.pgCpuUsMedian === null) return ` (${server})`;
  const ratios = after.totalCpuUs.flatMap((a, i) => {
    const b = before.totalCpuUs[i];
    return a !== null && b ? [a / b] : [];
  });
  const together = ratios.length ? `, together ${medianOf(ratios).toFixed(3)} (${Math.min(...ratios).toFixed(3)}–${Math.max(...ratios).toFixed(3)})` : "";
  return ` (${server}, PostgreSQL ${ms(after.pgCpuUsMedian)} / ${ms(before.pgCpuUsMedian)}${together})`;
}

/** The middle value (the upper of the two middle ones for an even count). */
function medianOf(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** The median of the values that are known; null when none is. */
function medianOfKnown(xs: (number | null)[]): number | null {
  const known = xs.filter((x): x is number => x !== null);
  return known.length ? medianOf(known) : null;
}

/**
 * After over before, round by round: in each round the two are measured one right after the other, so a slow
 * spell of the machine, which moves a whole round, cancels out of the round's ratio. The median of those ratios
 * and their range, ", paired 0.98 (0.93–1.02)"; the ratio of the two medians is beside it.
 */
function pairedRatio(after: Measured, before: Measured): string {
  const ratios = after.rounds.map((rps, i) => rps / before.rounds[i]).filter((r) => Number.isFinite(r));
  if (ratios.length < 2) return "";
  return `, paired ${medianOf(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
}

/** --compare-env NAME=value...: the settings of the headline's second npm start (null: none asked for). */
function compareEnv(): Record<string, string> | null {
  const pairs = values["compare-env"];
  if (pairs.length === 0) return null;
  return Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf("=");
      if (at < 1) throw new Error(`--compare-env: ${pair} is not NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
}

/**
 * package.json's `start` script, `[NAME=value ...] node FLAGS dist/server.js`, read from there: the headline's
 * servers are started with exactly what `npm start` passes, its environment (NODE_ENV, glibc's settings) and its node
 * flags (heap-flags.test.ts checks that they hold SERVER_MALLOC_ENV and SERVER_HEAP_FLAGS).
 */
function npmStart(): { env: Record<string, string>; flags: string[] } {
  const start = z.object({ scripts: z.object({ start: z.string() }) }).parse(JSON.parse(fs.readFileSync("package.json", "utf8"))).scripts.start;
  const words = start.split(/\s+/).filter(Boolean);
  const node = words.indexOf("node");
  if (node < 0 || words.at(-1) !== "dist/server.js" || !words.slice(0, node).every((word) => /^[A-Z_]+=\S+$/.test(word)))
    throw new Error(`package.json's start script is not "[NAME=value] node FLAGS dist/server.js": ${start}`);
  const env = Object.fromEntries(
    words.slice(0, node).map((word): [string, string] => {
      const at = word.indexOf("=");
      return [word.slice(0, at), word.slice(at + 1)];
    }),
  );
  return { env, flags: words.slice(node + 1, -1) };
}

/**
 * `env`: settings over the bench's own environment (undefined: not passed on, so the server takes its default).
 * `nodeFlags`: the node flags; by default the heap flags of npm start (a server.js, a compared build's included) or
 * of npm run worker (package.json), so that memory is what they would use. A server.js also gets npm start's C heap
 * settings (SERVER_MALLOC_ENV), which `env` can override.
 */
async function startProcess(script: string, env: Record<string, string | undefined>, port?: number, nodeFlags?: string[]): Promise<ChildProcess> {
  // BENCH_NODE_FLAGS: more flags for every process started (e.g. "--cpu-prof --cpu-prof-dir=prof" for profiles).
  const extraFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const flags = nodeFlags ?? (path.basename(script) === "server.js" ? SERVER_HEAP_FLAGS : WORKER_HEAP_FLAGS);
  const child = spawn(process.execPath, [...flags, ...extraFlags, script], {
    // WEBHOOK_PRIVATE_TARGETS: the fan-out bench delivers to a local receiver (a development setting, stated).
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      WEBHOOK_PRIVATE_TARGETS: "demo",
      ...(path.basename(script) === "server.js" ? SERVER_MALLOC_ENV : {}),
      ...SELLER_ENV,
      ...ENCRYPTION_ENV,
      ...env,
      ...(port ? { PORT: String(port) } : {}),
    },
    // BENCH_SERVER_LOG=<file>: the servers' request log (stdout) appended there, to see a request's time inside the server.
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore", "inherit"],
  });
  children.push(child);
  if (port) {
    serverAt.set(`http://127.0.0.1:${port}`, child);
    if (env.DATABASE_URL) databaseAt.set(`http://127.0.0.1:${port}`, new URL(env.DATABASE_URL).pathname.slice(1));
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${script} did not start`);
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

function peakMemoryMb(child: ChildProcess): number {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** A process and its descendants (npm start's worker child). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((t) => fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
  return [pid, ...children.flatMap(processTree)];
}

function statusKb(pid: number, field: "VmRSS" | "VmHWM"): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * The resident memory of a process tree, sampled every 100 ms: the peak of the sum (what the machine had to
 * hold at once), and the sum of each process's own peak (an upper bound that sampling cannot miss). `root`
 * answers the server of the moment: one restarted (embedded) starts a tree of its own, never summed with the last.
 */
function watchTreeMemory(root: () => ChildProcess): { stop(): { peakMiB: number; sumOfPeaksMiB: number; processes: number; each: string } } {
  let peak = 0;
  let processes = 0;
  /** Each process's own peak (kB), per tree (by the root's pid). */
  const trees = new Map<number, Map<number, number>>();
  const sample = () => {
    const rootPid = root().pid ?? 0;
    const pids = processTree(rootPid);
    processes = Math.max(processes, pids.length);
    peak = Math.max(
      peak,
      pids.reduce((a, p) => a + statusKb(p, "VmRSS"), 0),
    );
    const hwm = trees.get(rootPid) ?? new Map<number, number>();
    trees.set(rootPid, hwm);
    for (const p of pids) hwm.set(p, Math.max(hwm.get(p) ?? 0, statusKb(p, "VmHWM")));
  };
  const timer = setInterval(sample, 100);
  return {
    stop() {
      clearInterval(timer);
      sample();
      const sum = (hwm: Map<number, number>) => [...hwm.values()].reduce((a, b) => a + b, 0);
      const [rootPid, hwm] = [...trees].reduce((a, b) => (sum(b[1]) > sum(a[1]) ? b : a), [0, new Map<number, number>()]);
      const each = [...hwm].map(([pid, kb]) => `${pid === rootPid ? "server" : "worker"} ${(kb / 1024).toFixed(0)}`).join(", ");
      return { peakMiB: peak / 1024, sumOfPeaksMiB: sum(hwm) / 1024, processes, each };
    },
  };
}

/** CPU seconds (user + system) a process tree has used so far: a figure that the machine's load moves less than req/s. */
function treeCpuSeconds(child: ChildProcess): number {
  return processTree(child.pid ?? 0).reduce((sum, pid) => sum + (processCpuUs(pid) ?? 0) / 1e6, 0);
}

/** The machine's load, printed beside every figure: the machine is shared, and figures move with it. */
function load(): string {
  return `load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`;
}

function scenarioSpec(s: Scenario, base: string, data: Seeded, connections: number, seconds: number) {
  const headers = { Authorization: `Token ${data.key}`, "Integration-ID": data.integrationId, Accept: "application/json", "Content-Type": "application/json" };
  const random = () => data.employeeIds[Math.floor(Math.random() * data.employeeIds.length)];
  // With several keys (the rate-limiter case), requests take them in turn.
  let turn = 0;
  const keys = data.keys;
  const extraHeaders = keys?.length ? () => ({ Authorization: `Token ${keys[turn++ % keys.length]}` }) : undefined;
  const common = { url: base, headers, connections, seconds, extraHeaders };
  switch (s) {
    case "list":
      return { ...common, path: () => "/v2/employees/?page_size=25" };
    case "search":
      return { ...common, path: () => "/v2/employees/?page_size=25&search=berg" };
    case "search-any":
      // Digits of an Employee's id, email or phone: about as many terms as Employees, so counts are rarely remembered.
      return { ...common, path: () => `/v2/employees/?page_size=25&search=${Math.floor(Math.random() * data.employeeIds.length)}` };
    case "get":
      return { ...common, path: () => `/v2/employees/${random()}/` };
    case "events":
      return { ...common, path: () => "/v2/events/?page_size=25" };
    case "filter":
      // The newest tenth of the Employees (the scale bench's data), the same instant every time: a client's saved filter.
      return { ...common, path: () => `/v2/employees/?page_size=25&created_at_after=${data.filterAfter ?? "2000-01-01T00:00:00Z"}` };
    case "filter-any": {
      // A different instant on every request, anywhere in the Employees' history (ms apart): no count is remembered.
      const { from, to } = data.history ?? { from: Date.now() - 365 * 86_400_000, to: Date.now() };
      return { ...common, path: () => `/v2/employees/?page_size=25&created_at_after=${new Date(from + Math.random() * (to - from)).toISOString()}` };
    }
    case "payouts-payrun": {
      const payruns = data.payrunIds ?? [];
      return { ...common, path: () => `/v2/payouts/?page_size=25&payrun=${payruns[Math.floor(Math.random() * payruns.length)] ?? ""}` };
    }
    case "events-type":
      return { ...common, path: () => `/v2/events/?page_size=25&type=${FILTERED_TYPE}` };
    case "post":
      return {
        ...common,
        method: "POST" as const,
        path: () => "/v2/employees/",
        body: () => {
          const id = `bench-${crypto.randomUUID()}`;
          return JSON.stringify({ id, name: "Bench Berg", email: `${id}@example.se`, country: "SWE" });
        },
      };
  }
}

/** A server process's CPU time so far (µs; 0 once it has ended). */
function cpuTimeUs(child: ChildProcess): number {
  return processCpuUs(child.pid ?? 0) ?? 0;
}

interface MeasuredLoad extends LoadResult {
  /** CPU time the server processes spent per request answered (µs), when they are known. */
  cpuUs: number | null;
  /** CPU time their PostgreSQL backends spent per request answered (µs), when their databases are known. */
  pgCpuUs: number | null;
}

async function measure(s: Scenario, bases: string[], data: Seeded): Promise<MeasuredLoad> {
  const per = Math.max(1, Math.floor(16 / bases.length));
  await Promise.all(bases.map((b) => runLoad(scenarioSpec(s, b, data, per, WARMUP))));
  const servers = bases.map((b) => serverAt.get(b)).filter((c): c is ChildProcess => c !== undefined);
  const databases = [...new Set(bases.map((b) => databaseAt.get(b)).filter((d): d is string => d !== undefined))];
  const pgBefore = databases.length ? await backendCpuUs(PG_SERVER, databases) : null;
  const cpuBefore = servers.reduce((a, c) => a + cpuTimeUs(c), 0);
  const results = await Promise.all(bases.map((b) => runLoad(scenarioSpec(s, b, data, per, SECONDS))));
  const cpu = servers.reduce((a, c) => a + cpuTimeUs(c), 0) - cpuBefore;
  const pgSpent = pgBefore ? backendCpuSpent(pgBefore, await backendCpuUs(PG_SERVER, databases)) : null;
  const requests = results.reduce((a, r) => a + r.requests, 0);
  return {
    cpuUs: servers.length === bases.length && requests > 0 ? cpu / requests : null,
    pgCpuUs: pgSpent !== null && databases.length === bases.length && requests > 0 ? pgSpent / requests : null,
    rps: results.reduce((a, r) => a + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    max: Math.max(...results.map((r) => r.max)),
    requests: results.reduce((a, r) => a + r.requests, 0),
    errors: results.reduce((a, r) => a + r.errors, 0),
    non2xx: results.reduce((a, r) => a + r.non2xx, 0),
  };
}

interface Measured extends MeasuredLoad {
  /** Requests/s of every round, for the spread. */
  rounds: number[];
  /** The median round's CPU time per request is that round's; this is the median over the rounds (µs). */
  cpuUsMedian: number | null;
  /** The same for the PostgreSQL backends. */
  pgCpuUsMedian: number | null;
  /** Each round's server and PostgreSQL CPU per request together (µs), in the order of `rounds`. */
  totalCpuUs: (number | null)[];
}

interface Case {
  key: string;
  scenario: Scenario;
  bases: string[];
  /** Other data (e.g. more keys) for this case only. */
  data?: Seeded;
}

/**
 * ROUNDS rounds of every case in turn (so that a slow spell of the machine hits all alike); per case, the median
 * round. `beforeEach` runs before every measurement (its warm-up included).
 * The cases of one request (consecutive cases of one scenario: the configurations or builds compared) take turns
 * going first: round r starts each such group at its r-th case. Measured in a fixed order, two identical npm
 * starts differed by 8–19 % in req/s and 10–27 % in CPU per request, the first of each group always the slower.
 */
async function measureRounds(cases: Case[], data: Seeded, beforeEach?: () => Promise<void>): Promise<Record<string, Measured>> {
  const runs = new Map<string, MeasuredLoad[]>(cases.map((c) => [c.key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of inTurn(cases, round)) {
      await beforeEach?.();
      runs.get(c.key)?.push(await measure(c.scenario, c.bases, c.data ?? data));
    }
  }
  const out: Record<string, Measured> = {};
  for (const [key, results] of runs) {
    const sorted = [...results].sort((a, b) => a.rps - b.rps);
    out[key] = {
      ...sorted[Math.floor(sorted.length / 2)],
      rounds: results.map((r) => r.rps),
      cpuUsMedian: medianOfKnown(results.map((r) => r.cpuUs)),
      pgCpuUsMedian: medianOfKnown(results.map((r) => r.pgCpuUs)),
      totalCpuUs: results.map((r) => (r.cpuUs === null || r.pgCpuUs === null ? null : r.cpuUs + r.pgCpuUs)),
    };
  }
  return out;
}

/**
 * The events list at 100,000 stored events (issue 24: within the Employees list's p99): the events written with SQL,
 * the plans PostgreSQL picks, then the list and the list by type beside the Employees list, in the same rounds.
 */
async function eventsList(url: string, base: string, data: Seeded, dataDir: string): Promise<void> {
  const ms = await seedEvents(url, data.integrationId);
  log(`\nEvents list at ${EVENTS.toLocaleString("en")} stored events (written set-based in ${(ms / 1000).toFixed(1)} s; ${load()})`);
  for (const line of await explainEvents(url, data.integrationId)) log(line);
  // BENCH_COMPARE_DIST: that build's server on the same database, its events lists in the same turns ("before").
  const compared = comparedServer();
  const before = compared ? await startProcess(compared, { DATABASE_URL: url, DATA_DIR: dataDir, ...PATH_ALONE }, 3404) : null;
  const cases: Case[] = (["list", "events", "events-type"] as Scenario[]).map((scenario) => ({ key: scenario, scenario, bases: [base] }));
  if (before)
    cases.push(...(["events", "events-type"] as Scenario[]).map((scenario) => ({ key: `${scenario} before`, scenario, bases: ["http://127.0.0.1:3404"] })));
  const rows = await measureRounds(cases, data);
  if (before) await stop(before);
  log(`| request | req/s (median of ${ROUNDS}) | rounds req/s | p50 ms | p99 ms | CPU ms/request | errors |`);
  log("|---|---|---|---|---|---|---|");
  const names: Record<string, string> = {
    list: "Employees list",
    events: "GET /v2/events/?page_size=25",
    "events-type": `… &type=${FILTERED_TYPE}`,
    "events before": "GET /v2/events/?page_size=25 (compared build)",
    "events-type before": `… &type=${FILTERED_TYPE} (compared build)`,
  };
  for (const [key, r] of Object.entries(rows)) {
    const cpu = r.cpuUsMedian === null ? "-" : (r.cpuUsMedian / 1000).toFixed(2);
    log(`| ${names[key]} | ${r.rps.toFixed(0)} | ${spread(r)} | ${r.p50} | ${r.p99} | ${cpu} | ${r.errors + r.non2xx} |`);
  }
  const list = rows.list;
  for (const key of Object.keys(rows).filter((k) => k !== "list")) {
    log(`  ${names[key]}: p99 ${rows[key].p99} ms against the Employees list's ${list.p99} ms: ${rows[key].p99 <= list.p99 ? "within" : "above"} (${load()})`);
  }
}

/** The cases in round `round`'s order: each run of consecutive cases of one scenario rotated by `round`. */
function inTurn(cases: Case[], round: number): Case[] {
  const groups: Case[][] = [];
  for (const c of cases) {
    const last = groups[groups.length - 1];
    if (last && last[0].scenario === c.scenario) last.push(c);
    else groups.push([c]);
  }
  return groups.flatMap((g) => {
    const k = round % g.length;
    return [...g.slice(k), ...g.slice(0, k)];
  });
}

const eachScenario = (bases: string[]): Case[] => (Object.keys(DRF) as Scenario[]).map((scenario) => ({ key: scenario, scenario, bases }));

const spread = (r: Measured) => (r.rounds.length > 1 ? `${Math.min(...r.rounds).toFixed(0)}–${Math.max(...r.rounds).toFixed(0)}` : "-");

function table(title: string, rows: [string, Measured][], reference?: Record<string, LoadResult>): void {
  log(`\n${title}`);
  log(
    `| request | req/s (median of ${ROUNDS}) | rounds req/s | p50 ms | p99 ms | errors | DRF req/s | x DRF | DRF p50 | ${reference ? "vs PostgreSQL" : "p99 <= DRF p50"} |`,
  );
  log("|---|---|---|---|---|---|---|---|---|---|");
  for (const [name, r] of rows) {
    const d = DRF[name as keyof typeof DRF];
    const last = reference ? `${(reference[name].rps / r.rps).toFixed(2)}x slower` : r.p99 <= d.p50 ? "yes" : "no";
    log(
      `| ${name} | ${r.rps.toFixed(0)} | ${spread(r)} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} | ${d.rps} | ${(r.rps / d.rps).toFixed(1)} | ${d.p50} | ${last} |`,
    );
  }
}

/**
 * The settings compare.sh (../shared/peers) raises on `npm start`: one tenant's quota, and one account's requests
 * in flight and queued, so that capacity is measured, not the quota. The limits stay on: their cost counts.
 */
const RAISED_QUOTA = { RATE_LIMIT_DEMO: "1000000", RATE_LIMIT_ACCOUNT_DEMO: "1000000", RATE_LIMIT_CONCURRENCY: "256", RATE_LIMIT_QUEUE: "1024" };
/** What the headline says of npm start (the worker in its process, the limits on) are its defaults: not taken from the bench's environment. */
const NPM_START_DEFAULTS = { WORKER: undefined, WORKER_MODE: undefined, RATE_LIMITS: undefined };
/** The request path alone: no worker, no limits (the server the sections after the headline use). */
const PATH_ALONE = { WORKER: "0", RATE_LIMITS: "0" };

/** One column group of the headline. */
interface HeadlineConfig {
  /** Its cases' keys end with it. */
  key: string;
  heading: string;
  base: string;
  server: ChildProcess;
}

/**
 * The headline: each request on one instance on PostgreSQL started as `npm start` starts it (package.json's node
 * flags; no WORKER or RATE_LIMITS, so the worker in the process and the limits on, with RAISED_QUOTA), beside the
 * request path alone (WORKER=0 RATE_LIMITS=0) and, with BENCH_COMPARE_DIST, that build's `npm start` ("before"),
 * all in the same rounds: each request on each configuration in turn, so that all see the same machine state.
 * Answers the WORKER=0 RATE_LIMITS=0 server (on `url`, port 3401: the sections after use it) and its figures.
 */
async function headline(url: string, dataDir: string, data: Seeded): Promise<{ alone: ChildProcess; aloneResults: Record<string, Measured> }> {
  const compared = comparedServer();
  const { env: startEnv, flags } = npmStart();
  const builds: { key: string; heading: string; script: string; port: number; env?: Record<string, string> }[] = [
    { key: "start", heading: "npm start", script: "dist/server.js", port: 3413 },
  ];
  const comparedEnv = compareEnv();
  if (compared) builds.push({ key: "before", heading: "before: npm start", script: compared, port: 3414 });
  else if (comparedEnv) {
    const heading = `npm start, ${Object.entries(comparedEnv)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}`;
    builds.push({ key: "before", heading, script: "dist/server.js", port: 3414, env: comparedEnv });
  }
  // Each npm start runs on a copy of the seeded database with a DATA_DIR of its own: its in-process worker sends
  // the seed's invitations and those of the creates measured on it (emails to DATA_DIR/mail), and no other
  // server's. The WORKER=0 server's invitations stay queued in the seeded database for the outbox section.
  const starts: (HeadlineConfig & { db: Database })[] = [];
  for (const b of builds) {
    const copy = await pgDatabase(`_${b.key}`, url);
    const dir = path.join(dataDir, b.key);
    fs.mkdirSync(dir, { recursive: true });
    const server = await startProcess(
      b.script,
      { ...startEnv, DATABASE_URL: copy, DATA_DIR: dir, ...NPM_START_DEFAULTS, ...RAISED_QUOTA, ...b.env },
      b.port,
      flags,
    );
    starts.push({
      key: b.key,
      heading: b.heading,
      base: `http://127.0.0.1:${b.port}`,
      server,
      db: await openDatabase({ driver: "pg", url: copy, poolSize: 1 }),
    });
  }
  const alone = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, ...PATH_ALONE }, 3401);
  const [start, before] = starts;
  const configs: HeadlineConfig[] = [
    start,
    { key: "alone", heading: "WORKER=0 RATE_LIMITS=0", base: "http://127.0.0.1:3401", server: alone },
    ...(before ? [before] : []),
  ];
  // Before every measurement (its warm-up included) every npm start's outbox is empty: the seed's invitations,
  // and those of the creates just measured, have been sent. So no configuration is measured while a worker on
  // this machine still drains another's backlog; npm start's worker sending the invitations of the creates
  // measured on it, during that measurement, is part of npm start's figure.
  const drained = async () => {
    const left = await Promise.all(starts.map((s) => waitDrained(() => pendingInvitations(s.db.prisma), 300_000)));
    for (const [i, s] of starts.entries()) if (left[i] > 0) log(`  (${s.heading}: ${left[i]} invitation jobs still queued after 300 s; measured anyway)`);
  };
  // The seed's invitations first. Sending them updates every Employee (notified_at): each copy is then vacuumed as
  // the seed vacuums, so that npm start is measured in the steady state, not on old row versions the other lacks.
  await drained();
  for (const s of starts) await s.db.prisma.$executeRawUnsafe("VACUUM ANALYZE");
  const scenarios = Object.keys(DRF) as (keyof typeof DRF)[];
  const cases = scenarios.flatMap((scenario) => configs.map((c) => ({ key: `${scenario} ${c.key}`, scenario, bases: [c.base] })));
  const results = await measureRounds(cases, data, drained);

  log(
    `\nOne instance on PostgreSQL: npm start (worker in process, limits on), beside WORKER=0 RATE_LIMITS=0${before ? ` and ${before.heading} (before)` : ""}; ` +
      `median of ${ROUNDS}, taking turns (target for npm start: >= 3x DRF req/s, p99 <= DRF p50) (${load()})`,
  );
  log(
    `  npm start: node ${flags.join(" ")} server.js, ${Object.entries(RAISED_QUOTA)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ")}, WORKER and RATE_LIMITS unset; ` +
      `each npm start on a copy of the seeded database, its outbox drained before every measurement${compared ? `; before: ${compared}` : ""}`,
  );
  const rps = (r: Measured) => `${r.rps.toFixed(0)}${r.rounds.length > 1 ? ` (${spread(r)})` : ""}`;
  log(
    `| request | ${configs.map((c) => `${c.heading} req/s | p50 ms | p99 ms`).join(" | ")}${before ? " | after / before req/s: medians, paired rounds (CPU ms/request: server, PostgreSQL; both together after / before, paired)" : ""} | ` +
      `non-2xx or errors (${configs.map((c) => c.key).join(" / ")}) | DRF req/s | x DRF | DRF p50 | p99 <= DRF p50 |`,
  );
  log(`|---|${configs.map(() => "---|---|---|").join("")}${before ? "---|" : ""}---|---|---|---|---|`);
  const aloneResults: Record<string, Measured> = {};
  for (const s of scenarios) {
    const r = (c: HeadlineConfig) => results[`${s} ${c.key}`];
    const [main, d] = [r(start), DRF[s]];
    aloneResults[s] = results[`${s} alone`];
    log(
      `| ${s} | ${configs.map((c) => `${rps(r(c))} | ${r(c).p50} | ${r(c).p99}`).join(" | ")}${before ? ` | ${(main.rps / r(before).rps).toFixed(2)}${pairedRatio(main, r(before))}${cpuPair(main, r(before))}` : ""} | ` +
        `${configs.map((c) => r(c).errors + r(c).non2xx).join(" / ")} | ${d.rps} | ${(main.rps / d.rps).toFixed(1)} | ${d.p50} | ${main.p99 <= d.p50 ? "yes" : "no"} |`,
    );
  }
  log(`  peak memory of the server process: ${configs.map((c) => `${c.heading} ${peakMemoryMb(c.server).toFixed(0)} MB`).join(", ")}`);
  await Promise.all(
    starts.map(async (s) => {
      await s.db.close();
      await stop(s.server);
    }),
  );
  // The request log's own cost (issue 27), in process, against what a request costs npm start in the table above.
  const own = await requestLogCpu(url, ROUNDS);
  const perRequest = (["list", "get", "post"] as const).map((s) => {
    const r = results[`${s} start`];
    return r.cpuUsMedian === null || r.pgCpuUsMedian === null ? "?" : (((own.serverUs + own.postgresUs) / (r.cpuUsMedian + r.pgCpuUsMedian)) * 100).toFixed(1);
  });
  log(
    `  the request log's own CPU per request (scripts/bench/request-log-cpu.ts, in process; median of ${ROUNDS} rounds of 50,000 records): ` +
      `server ${own.serverUs.toFixed(1)} µs, PostgreSQL ${own.postgresUs.toFixed(1)} µs = ${perRequest.join(" / ")} % of a list / retrieve / create's ` +
      `CPU on npm start above (server and PostgreSQL) (${load()})`,
  );
  return { alone, aloneResults };
}

/**
 * What the /v2/ rate limiter costs: list and retrieve on an instance with the limits on (counters in
 * PostgreSQL, and in Redis when it answers at BENCH_REDIS_URL) against one with them off, taking turns.
 * Requests rotate over KEYS demo keys at the live default of 100 requests/s per key, and the account limit
 * is raised, so that no request is refused: every request still pays both counters and the in-flight gate
 * (RATE_LIMIT_CONCURRENCY and RATE_LIMIT_QUEUE at their defaults). Next to req/s, the server process's CPU
 * time per request: a shared machine moves req/s by more than the limiter costs, CPU time per request far less.
 */
async function rateLimiterCost(url: string, dataDir: string, offBase: string, data: Seeded): Promise<void> {
  const KEYS = 64;
  const db = await openDatabase({ driver: "pg", url });
  const account = await findOrCreateAccount(db.prisma, "Bench AB");
  const keys: string[] = [];
  for (let i = 0; i < KEYS; i++)
    keys.push((await createApiKey(db.prisma, { accountPk: account.pk, environment: "demo", allowIps: [] }, { actor: SYSTEM_ACTOR, at: new Date() })).key);
  await db.close();
  const limits = { RATE_LIMITS: "1", RATE_LIMIT_DEMO: "100", RATE_LIMIT_ACCOUNT_DEMO: "1000000" };
  const servers = [await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, WORKER: "0", ...limits }, 3405)];
  const stores: [string, string][] = [["on, PostgreSQL", "http://127.0.0.1:3405"]];
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
  try {
    servers.push(await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, WORKER: "0", REDIS_URL: redisUrl, ...limits }, 3406));
    stores.push(["on, Redis", "http://127.0.0.1:3406"]);
  } catch {
    log(`  (Redis at ${redisUrl} not measured: the server did not start with it)`);
  }
  // BENCH_COMPARE_DIST: that build's limiter too, in the same turns, so that a change of the limiter is judged
  // against its predecessor on the same machine at the same moments.
  const script = comparedServer();
  if (script) {
    servers.push(await startProcess(script, { DATABASE_URL: url, DATA_DIR: dataDir, WORKER: "0", ...limits }, 3408));
    stores.push(["on, PostgreSQL (compared build)", "http://127.0.0.1:3408"]);
    if (stores.some(([name]) => name === "on, Redis")) {
      servers.push(await startProcess(script, { DATABASE_URL: url, DATA_DIR: dataDir, WORKER: "0", REDIS_URL: redisUrl, ...limits }, 3409));
      stores.push(["on, Redis (compared build)", "http://127.0.0.1:3409"]);
    }
  }
  const many = { ...data, keys };
  const cases = (["list", "get"] as Scenario[]).flatMap((scenario) => [
    { key: `${scenario} off`, scenario, bases: [offBase], data: many },
    ...stores.map(([name, base]) => ({ key: `${scenario} ${name}`, scenario, bases: [base], data: many })),
  ]);
  const loadBefore = os.loadavg();
  const results = await measureRounds(cases, data);
  const loadAfter = os.loadavg();
  log(`\nRate limiter cost (one instance, ${KEYS} keys in turn, nothing refused; median of ${ROUNDS}, taking turns)`);
  // req/s moves with whatever else the machine runs; the server's CPU time per request moves far less, so on a
  // shared machine it is the figure to judge the limiter by (the median over the rounds, /proc user + system).
  log(`  load average (1 min) ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after, on ${os.cpus().length} cores`);
  log("| request | limits | req/s | rounds | vs off | CPU µs/request | CPU vs off | p50 ms | p99 ms | refused or errors |");
  log("|---|---|---|---|---|---|---|---|---|---|");
  const change = (on: number | null, off: number | null) => (on === null || off === null ? "?" : `${(((on - off) / off) * 100).toFixed(1)} %`);
  for (const s of ["list", "get"]) {
    const off = results[`${s} off`];
    for (const name of ["off", ...stores.map(([n]) => n)]) {
      const r = results[`${s} ${name}`];
      const [delta, cpuDelta] = name === "off" ? ["", ""] : [change(r.rps, off.rps), change(r.cpuUsMedian, off.cpuUsMedian)];
      log(
        `| ${s} | ${name} | ${r.rps.toFixed(0)} | ${spread(r)} | ${delta} | ${r.cpuUsMedian?.toFixed(0) ?? "?"} | ${cpuDelta} | ${r.p50} | ${r.p99} | ${r.errors + r.non2xx} |`,
      );
    }
  }
  await Promise.all(servers.map(stop));
  const own = await limiterCpu(url, stores.some(([name]) => name === "on, Redis") ? redisUrl : null, ROUNDS);
  const offCpu = ["list", "get"].map((s) => results[`${s} off`].cpuUsMedian).filter((c): c is number => c !== null);
  const share = (us: number) => (offCpu.length ? ` = ${offCpu.map((c) => ((us / c) * 100).toFixed(1)).join(" / ")} % of list / retrieve` : "");
  log(
    `  the limiter's own CPU per request, in process (scripts/bench/limiter-cpu.ts; median of ${ROUNDS}): ` +
      own.map((o) => `${o.store} ${o.us.toFixed(1)} µs${share(o.us)}`).join("; "),
  );
}

/**
 * What one demo key gets through at npm start's default limits (RATE_LIMIT_DEMO 25/s, its account 50/s): on
 * /v2/, on /api/trpc one call a request, and in tRPC batches of 10 and of 50 calls. Calls admitted per second
 * (answered 2xx, each call of a batch counted) should be the key's rate on every path. With BENCH_COMPARE_DIST,
 * the same against that build in the same turns.
 */
async function trpcLimits(url: string, dataDir: string, data: Seeded): Promise<void> {
  const compared = comparedServer();
  const builds: [string, string][] = [["this build", "dist/server.js"]];
  if (compared) builds.push(["compared build", compared]);
  const seconds = Math.min(SECONDS, 5);
  const input = encodeURIComponent(JSON.stringify({ page_size: 25 }));
  const batchPath = (calls: number) =>
    `/api/trpc/${Array(calls).fill("employees.list").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, { page_size: 25 }]))))}`;
  const paths: [string, string, number][] = [
    ["/v2/employees/", "/v2/employees/?page_size=25", 1],
    ["/api/trpc, one call a request", `/api/trpc/employees.list?input=${input}`, 1],
    ["/api/trpc, batches of 10", batchPath(10), 10],
    ["/api/trpc, batches of 50", batchPath(50), 50],
  ];
  log(
    `\ntRPC limits: one demo key at npm start's limits (25/s a key, 50/s its account), 4 connections, ${seconds} s a path; calls admitted/s (2xx answers x calls each)`,
  );
  log("| build | path | calls admitted/s | answers 2xx | answers refused (429, 400) |");
  log("|---|---|---|---|---|");
  let port = 3420;
  for (const [name, script] of builds) {
    const server = await startProcess(script, { DATABASE_URL: url, DATA_DIR: dataDir, WORKER: "0", RATE_LIMITS: "1" }, port++);
    const base = `http://127.0.0.1:${port - 1}`;
    for (const [label, pathAndQuery, calls] of paths) {
      // Past the previous path's window.
      await new Promise((r) => setTimeout(r, 1100));
      const r = await runLoad({
        url: base,
        headers: { Authorization: `Token ${data.key}`, "Integration-ID": data.integrationId },
        path: () => pathAndQuery,
        connections: 4,
        seconds,
      });
      const ok = r.requests - r.non2xx - r.errors;
      log(`| ${name} | ${label} | ${((ok * calls) / seconds).toFixed(1)} | ${ok} | ${r.non2xx} |`);
    }
    await stop(server);
  }
}

/**
 * Fairness between tenants (issue 22): tenant B lists its Employees on one connection, idle and then while
 * tenant A runs 12 connections of creates (autocannon, in a process of its own), on a server started as `npm start` starts it (rate limits on,
 * the worker on), with quotas far above what A sends so that A stays within its limits (its refusals are
 * printed). Target: B's p50 under A's load at most 3x its idle p50. Rounds take turns idle / loaded; the
 * median of each is reported. BENCH_FAIRNESS_ENV="K=V,K=V" adds server settings (to see where B's time
 * goes, e.g. WORKER=0 or RATE_LIMITS=0).
 */
async function fairness(target: { name: string; options: DatabaseOptions; env: Record<string, string> }, port: number, metricsPort: number): Promise<void> {
  const A_CONNECTIONS = 12;
  log(`\nFairness on ${target.name}: seeding tenants A and B through the domain services…`);
  const a = await seed(target.options, 100, () => undefined, "Tenant A AB");
  const b = await seed(target.options, Math.min(EMPLOYEES, 2000), () => undefined, "Tenant B AB");
  const extra = Object.fromEntries(
    (process.env.BENCH_FAIRNESS_ENV ?? "")
      .split(",")
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
  );
  // Quotas per key and account far above A's creates/s; the in-flight settings at their defaults.
  const limits = { RATE_LIMITS: "1", RATE_LIMIT_DEMO: "20000", RATE_LIMIT_ACCOUNT_DEMO: "40000" };
  const server = await startProcess("dist/server.js", { ...target.env, ...limits, METRICS_PORT: String(metricsPort), LOG_LEVEL: "warn", ...extra }, port);
  const base = `http://127.0.0.1:${port}`;
  // The seed's invitations, and each round's creates', go out before B is measured idle.
  const drained = async () => {
    const deadline = Date.now() + 300_000;
    let last = { backlog: -1, at: Date.now() };
    for (;;) {
      const backlog = backlogMetric(await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()), NOTIFY_EMPLOYEE_JOB);
      // Unchanged for 2 s: no worker drains it (WORKER=0 in BENCH_FAIRNESS_ENV).
      if (backlog === 0 || Date.now() > deadline || (backlog === last.backlog && Date.now() - last.at > 2000)) return;
      if (backlog !== last.backlog) last = { backlog, at: Date.now() };
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const list = (seconds: number) =>
    runSequential({
      url: base,
      headers: { Authorization: `Token ${b.key}`, "Integration-ID": b.integrationId, Accept: "application/json" },
      path: "/v2/employees/",
      seconds,
    });
  // Where B's time goes: the server's event-loop delay over each phase (prom-client resets it at each scrape).
  const metric = (text: string, name: string) => Number(/\S+ (\S+)/.exec(text.split("\n").find((l) => l.startsWith(`payroute_${name} `)) ?? "")?.[1] ?? NaN);
  /** Garbage collection so far (s, every kind), counted by prom-client's default metrics. */
  let gcBefore = 0;
  const gcSeconds = (text: string) =>
    text
      .split("\n")
      .filter((l) => l.startsWith("payroute_nodejs_gc_duration_seconds_sum"))
      .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(" ") + 1)), 0);
  const lag = async () => {
    const text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text());
    const gc = gcSeconds(text) - gcBefore;
    gcBefore += gc;
    const delays = ["nodejs_eventloop_lag_p50_seconds", "nodejs_eventloop_lag_p99_seconds", "nodejs_eventloop_lag_max_seconds"]
      .map((n) => (metric(text, n) * 1000).toFixed(0))
      .join(" / ");
    return `${delays} (GC ${(gc * 1000).toFixed(0)} ms)`;
  };
  const idle: LoadResult[] = [];
  const busy: LoadResult[] = [];
  const creates: LoadResult[] = [];
  const lags: string[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      await drained();
      await list(WARMUP);
      await lag();
      idle.push(await list(SECONDS));
      const idleLag = await lag();
      const writes = createsElsewhere(base, a, A_CONNECTIONS, WARMUP + SECONDS + 1);
      await new Promise((r) => setTimeout(r, WARMUP * 1000));
      await lag();
      busy.push(await list(SECONDS));
      lags.push(`idle ${idleLag}, loaded ${await lag()}`);
      creates.push(await writes);
    }
  } finally {
    await stop(server);
  }
  const median = (xs: LoadResult[], f: (r: LoadResult) => number) => [...xs.map(f)].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  const [idleP50, busyP50] = [median(idle, (r) => r.p50), median(busy, (r) => r.p50)];
  const ratio = busyP50 / Math.max(idleP50, 0.001);
  const extraNote = Object.keys(extra).length ? `, with ${process.env.BENCH_FAIRNESS_ENV}` : "";
  log(
    `Fairness on ${target.name}: B's GET /v2/employees/ (1 connection) idle and while A runs ${A_CONNECTIONS} connections of POST /v2/employees/ (median of ${ROUNDS}${extraNote}) (${load()})`,
  );
  log(
    "| database | B idle p50 / p99 ms | B loaded p50 / p99 / max ms | ratio of p50s (target <= 3) | B req/s idle / loaded | A creates/s | A refused or errors |",
  );
  log("|---|---|---|---|---|---|---|");
  log(
    `| ${target.name} | ${idleP50} / ${median(idle, (r) => r.p99)} | ${busyP50} / ${median(busy, (r) => r.p99)} / ${Math.max(...busy.map((r) => r.max))} | ` +
      `${ratio.toFixed(1)} ${ratio <= 3 ? "(met)" : "(NOT met)"} | ${median(idle, (r) => r.rps).toFixed(0)} / ${median(busy, (r) => r.rps).toFixed(0)} | ` +
      `${median(creates, (r) => r.rps).toFixed(0)} | ${creates.reduce((n, r) => n + r.errors + r.non2xx, 0)} |`,
  );
  log(
    `  rounds: idle p50 ${idle.map((r) => r.p50).join(", ")} ms; loaded p50 ${busy.map((r) => r.p50).join(", ")} ms; B's requests timed one by one (runSequential)`,
  );
  log(`  the server's event-loop delay p50 / p99 / max ms, by round: ${lags.join("; ")}`);
}

/**
 * Tenant A's creates from autocannon in a process of its own: in the bench's process its work would delay B's
 * client, whose every request is timed there (measured: B's list took 1.4 ms inside the embedded server and 36
 * ms at the client with both in one process). Each body gets a fresh id ([<id>], autocannon's -I).
 */
async function createsElsewhere(base: string, data: Seeded, connections: number, seconds: number): Promise<LoadResult> {
  const body = JSON.stringify({ id: "bench-[<id>]", name: "Bench Berg", email: "[<id>]@example.se", country: "SWE" });
  const args = ["node_modules/autocannon/autocannon.js", "-c", String(connections), "-d", String(seconds), "-m", "POST", "-I", "-j", "-n", "-b", body];
  for (const h of [`Authorization=Token ${data.key}`, `Integration-ID=${data.integrationId}`, "Content-Type=application/json"]) args.push("-H", h);
  const child = spawn(process.execPath, [...args, `${base}/v2/employees/`], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((r) => child.once("exit", r));
  return toLoadResult(JSON.parse(out) as Parameters<typeof toLoadResult>[0]);
}

/** The fairness case on PostgreSQL (a database of its own) and on the embedded database (a folder of its own). */
async function fairnessBoth(dataDir: string, embedded: boolean, pg = true): Promise<void> {
  if (pg) {
    const url = await pgDatabase("_fair");
    // A DATA_DIR of its own: its worker's emails are not the background section's (which counts the files in dataDir/mail).
    await fairness({ name: "PostgreSQL", options: { driver: "pg", url }, env: { DATABASE_URL: url, DATA_DIR: path.join(dataDir, "fair") } }, 3421, 3422);
  }
  if (!embedded) return;
  const dir = path.join(dataDir, "fair-embedded");
  await fairness(
    { name: "the embedded database", options: { driver: "pglite", dataDir: dir, command: "npm run bench" }, env: { DATABASE_URL: "", DATA_DIR: dir } },
    3423,
    3424,
  );
}

/**
 * Creates `count` Employees through the API, 16 connections at a time, with the headline's client (autocannon):
 * a burst's rate is the server's, not the cost of the bench's own HTTP client. Answers when the last create was answered.
 */
async function createBurst(base: string, data: Seeded, count: number): Promise<{ seconds: number; failed: number; lastAnswer: number }> {
  const spec = scenarioSpec("post", base, data, 16, 120);
  const started = performance.now();
  let lastAnswer = started;
  const r = await runLoad({
    ...spec,
    amount: count,
    body: () => {
      const id = `burst-${crypto.randomUUID()}`;
      return JSON.stringify({ id, name: "Burst Berg", email: `${id}@example.se`, country: "SWE" });
    },
    onResponse: () => {
      lastAnswer = performance.now();
    },
  });
  // From the first request to the last answer (autocannon's own run ends on its next whole second after it).
  return { seconds: (lastAnswer - started) / 1000, failed: r.errors + r.non2xx + Math.max(0, count - r.requests), lastAnswer };
}

/**
 * The database behind a background-work section, and how the bench sees it from outside the server. On
 * PostgreSQL the bench reads and writes it beside the running server. The embedded database's folder is held
 * by the server (one process at a time), so there the bench reads the backlog from the server's /metrics, and
 * opens the folder itself only while the server is stopped (as the CLI does), restarting the server after.
 */
interface BackgroundDb {
  /** Named in the printed lines. */
  name: string;
  /** Where npm start's worker runs, for the heading. */
  worker: string;
  /** What npm start's CPU time holds. */
  cpuNote: string;
  /** How a requeued backlog was made, beside its figures (none on PostgreSQL). */
  backlogNote: string;
  /** The server's DATA_DIR: the emails are files in its `mail` folder. */
  dataDir: string;
  base: string;
  /** The running server, started with npm start's defaults (the worker on). */
  server(): ChildProcess;
  /** Invitation jobs not finished (due or scheduled), now. */
  pending(): Promise<number>;
  /**
   * Queues a backlog with `queue` and answers how many invitation jobs wait when the clock starts: on
   * PostgreSQL what `queue` inserted, beside the running worker; embedded, the server's worker cannot be
   * paused, so the server is stopped, `queue` runs on the folder, and the backlog counts from the moment the
   * restarted server answers (its worker, started just before, drains it: the "worker started later").
   */
  queue(queue: (db: Db) => Promise<number>): Promise<number>;
  /** Reads the database (embedded: stops the server first and leaves it stopped). */
  read<T>(read: (db: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Invitation jobs not finished (due or scheduled) in a PostgreSQL database, read beside the server. */
const pendingInvitations = (db: Db) => db.outboxJob.count({ where: { kind: NOTIFY_EMPLOYEE_JOB, completedAt: null, failedAt: null } });

/** Waits until `pending()` answers 0, or `limitMs` have passed; answers the jobs left. */
async function waitDrained(pending: () => Promise<number>, limitMs: number): Promise<number> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const left = await pending();
    if (left === 0 || Date.now() >= deadline) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

const backgroundEnv = { RATE_LIMITS: "0", LOG_LEVEL: "warn" };
/** An embedded server the bench restarts stops at once: there is no load balancer to let drain it. */
const restartedEnv = { SHUTDOWN_DRAIN_MS: "0" };

/** Where npm start's worker runs on PostgreSQL (WORKER_MODE): the default, and the other for comparison. */
type WorkerMode = "in-process" | "child";

async function pgBackground(url: string, dataDir: string, port: number, mode: WorkerMode): Promise<BackgroundDb> {
  const server = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, WORKER_MODE: mode, ...backgroundEnv }, port);
  const db = await openDatabase({ driver: "pg", url });
  return {
    name: "PostgreSQL",
    worker:
      mode === "child"
        ? "WORKER_MODE=child, a child process at a lower CPU priority"
        : "WORKER_MODE=in-process, the default: in the server's process, yielding to reads",
    cpuNote: "PostgreSQL's not counted",
    backlogNote: "",
    dataDir,
    base: `http://127.0.0.1:${port}`,
    server: () => server,
    pending: () => pendingInvitations(db.prisma),
    queue: (queue) => queue(db.prisma),
    read: (read) => read(db.prisma),
    close: async () => {
      await db.close();
      await stop(server);
    },
  };
}

/** The backlog of one job kind in a Prometheus exposition (`payroute_outbox_backlog{kind="…"} N`). */
function backlogMetric(exposition: string, kind: string): number {
  const line = exposition.split("\n").find((l) => l.startsWith(`payroute_outbox_backlog{kind="${kind}"}`));
  if (!line) throw new Error(`no payroute_outbox_backlog for ${kind} in /metrics`);
  return Number(line.slice(line.lastIndexOf(" ") + 1));
}

async function embeddedBackground(dataDir: string, port: number, metricsPort: number): Promise<BackgroundDb> {
  const start = () =>
    startProcess("dist/server.js", { DATABASE_URL: "", DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), ...backgroundEnv, ...restartedEnv }, port);
  let server = await start();
  const pending = async () => backlogMetric(await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then((r) => r.text()), NOTIFY_EMPLOYEE_JOB);
  const read = async <T>(read: (db: Db) => Promise<T>) => {
    await stop(server);
    const db = await openDatabase({ driver: "pglite", dataDir, command: "npm run bench" });
    try {
      return await read(db.prisma);
    } finally {
      await db.close();
    }
  };
  return {
    name: "the embedded database",
    worker: "in the server's process",
    cpuNote: "the database's included: it runs in the process",
    backlogNote: "queued with the server stopped, counted from the restarted server's first answer",
    dataDir,
    base: `http://127.0.0.1:${port}`,
    server: () => server,
    pending,
    queue: async (queue) => {
      await read(queue);
      server = await start();
      return pending();
    },
    read,
    close: () => stop(server),
  };
}

/**
 * What a user of `npm start` gets (the worker on, as by default): a burst of creates, how fast their
 * invitations go out (targets: >= 1,000/s, and the backlog drained within 2 s of the last create), list,
 * search and retrieve while a backlog drains against the same process idle (target: >= 80 %), and the
 * memory of the process tree (npm start and, on PostgreSQL, its worker child; target: <= 300 MiB).
 */
async function backgroundWork(bg: BackgroundDb, data: Seeded): Promise<void> {
  const BURST = values.quick ? 2000 : 5000;
  const memory = watchTreeMemory(() => bg.server());
  try {
    const drained = (limitMs: number) => waitDrained(() => bg.pending(), limitMs);
    // The seed's invitations (those the outbox check left) go first: "idle" is idle.
    await drained(300_000);
    // A resend of every Employee's invitation: real invitation jobs (as `resend_invitation` queues them), in
    // one statement, so that a backlog exists at once without a create load beside it.
    const requeue = () =>
      bg.queue(
        (db) =>
          db.$executeRaw`INSERT INTO outbox_job (pk, kind, payload) SELECT gen_random_uuid(), ${NOTIFY_EMPLOYEE_JOB}, jsonb_build_object('employeePk', pk::text) FROM employee`,
      );
    const shapes: Scenario[] = ["list", "search-any", "get"];

    log(
      `\nBackground work on ${bg.name} with npm start's defaults (worker on: ${bg.worker}), emails to files; a burst of ${BURST} creates, 16 at a time (${load()})`,
    );
    const first = new Date();
    const burst = await createBurst(bg.base, data, BURST);
    await drained(300_000);
    const drainedAfter = (performance.now() - burst.lastAnswer) / 1000;
    const [{ last, lastCreated, sent }] = await bg.read(
      async (db) => db.$queryRaw<{ last: Date | null; lastCreated: Date | null; sent: number }[]>`
        SELECT max(notified_at) AS last, max(created_at) AS "lastCreated", count(*)::int AS sent FROM employee WHERE id LIKE 'burst-%' AND notified_at >= ${first}`,
    );
    const span = last ? (last.getTime() - first.getTime()) / 1000 : Infinity;
    // The issue's measure: the last invitation's time against the last create's, both the database's.
    const lastAfter = last && lastCreated ? (last.getTime() - lastCreated.getTime()) / 1000 : Infinity;
    const createRate = BURST / burst.seconds;
    log(
      `  creates: ${createRate.toFixed(0)}/s, the last answered ${burst.seconds.toFixed(2)} s after the first request (${burst.failed} failed; target >= 1,000/s: ${createRate >= 1000 ? "met" : "NOT met"})`,
    );
    log(
      `  invitations: ${sent} in ${span.toFixed(1)} s from the first create = ${(sent / span).toFixed(0)}/s (bounded by the creates/s above); ` +
        `the last sent ${lastAfter.toFixed(2)} s after the last create (target <= 5 s: ${lastAfter <= 5 ? "met" : "NOT met"}); ` +
        `backlog drained ${drainedAfter.toFixed(2)} s after the last answer (target <= 2 s: ${drainedAfter <= 2 ? "met" : "NOT met"}) (${load()})`,
    );

    // CPU from before the requeue while the same server drains it (PostgreSQL); embedded, from the restarted server's answer.
    const before = bg.server();
    const cpuBefore = treeCpuSeconds(before);
    const queued = await requeue();
    const cpu0 = bg.server() === before ? cpuBefore : treeCpuSeconds(bg.server());
    const t0 = performance.now();
    await drained(300_000);
    const rate = queued / ((performance.now() - t0) / 1000);
    const cpuMs = ((treeCpuSeconds(bg.server()) - cpu0) * 1000) / queued;
    log(
      `  invitations from a backlog of ${queued} (no other load${bg.backlogNote && `; ${bg.backlogNote}`}): ${rate.toFixed(0)}/s (target >= 1,000/s: ${rate >= 1000 ? "met" : "NOT met"}); ` +
        `npm start used ${cpuMs.toFixed(2)} ms of CPU per invitation (${bg.cpuNote}) (${load()})`,
    );

    // Reads while a backlog drains: before each request shape, one invitation per Employee is queued again.
    if (bg.backlogNote) log(`  (each backlog below: ${bg.backlogNote})`);
    log("| request | idle req/s | while draining req/s | invitations/s meanwhile | jobs left after | share (target >= 80 %) |");
    log("|---|---|---|---|---|---|");
    for (const s of shapes) {
      await drained(300_000);
      // Idle just before, on a server and a database in the state the busy figure finds them (the bursts and
      // backlogs before have updated every Employee: PostgreSQL's tables hold their old row versions until
      // vacuumed); embedded, the server just restarted, as the requeue restarts it.
      await bg.queue(async () => 0);
      const idle = await measure(s, [bg.base], data);
      const jobs = await requeue();
      const started = performance.now();
      const busy = await measure(s, [bg.base], data);
      const left = await bg.pending();
      const share = (busy.rps / idle.rps) * 100;
      const perSecond = (jobs - left) / ((performance.now() - started) / 1000);
      log(
        `| ${s} | ${idle.rps.toFixed(0)} | ${busy.rps.toFixed(0)} | ${perSecond.toFixed(0)} | ${left} | ${share.toFixed(0)} % ${share >= 80 ? "(met)" : "(NOT met)"} |`,
      );
    }
    await drained(300_000);
    const mem = memory.stop();
    log(
      `  peak memory of npm start (${mem.processes} processes: the server${mem.processes > 1 ? " and its worker" : ""}): ${mem.peakMiB.toFixed(0)} MiB at once, ` +
        `${mem.sumOfPeaksMiB.toFixed(0)} MiB summing each process's own peak (${mem.each} MiB) (target <= 300 MiB: ${mem.sumOfPeaksMiB <= 300 ? "met" : mem.peakMiB <= 300 ? "met at once, not by the sum of peaks" : "NOT met"}) (${load()})`,
    );

    // Exactly once: every finished invitation job made one Employee.notified event and one email (a file per job).
    const { done, events } = await bg.read(async (db) => ({
      done: await db.outboxJob.count({ where: { kind: NOTIFY_EMPLOYEE_JOB, completedAt: { not: null } } }),
      events: (await db.$queryRaw<{ events: number }[]>`SELECT count(*)::int AS events FROM event WHERE name = 'Employee.notified'`)[0].events,
    }));
    const mails = fs.readdirSync(path.join(bg.dataDir, "mail")).filter((f) => f.startsWith("invitation-") && f.endsWith(".eml")).length;
    log(
      `  exactly once: ${done} invitation jobs done, ${events} Employee.notified events, ${mails} emails (${done === events && done === mails ? "correct" : "WRONG"})`,
    );
  } finally {
    memory.stop();
    await bg.close();
  }
}

/**
 * BENCH_DB_PREFIX (default `payroute_bench`) names the databases, so that two benches can share a server.
 * `copyOf`: the URL of another database of the bench, copied (CREATE DATABASE … TEMPLATE: the same rows, indexes
 * and statistics); nothing may be connected to it meanwhile.
 */
async function pgDatabase(suffix: string, copyOf?: string): Promise<string> {
  return freshDatabase(`${process.env.BENCH_DB_PREFIX ?? "payroute_bench"}${suffix}`, copyOf);
}

/** A new, empty PostgreSQL database of this name (or a copy of `copyOf`'s), dropped first if it exists. */
async function freshDatabase(name: string, copyOf?: string): Promise<string> {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}${copyOf ? ` TEMPLATE ${new URL(copyOf).pathname.slice(1)}` : ""}`);
  await admin.end();
  return `${PG_SERVER}/${name}`;
}

async function crossInstanceChecks(bases: string[], data: Seeded): Promise<void> {
  const headers = { Authorization: `Token ${data.key}`, "Integration-ID": data.integrationId, "Content-Type": "application/json" };
  const post = (base: string, body: object, extra: Record<string, string> = {}) =>
    fetch(`${base}/v2/employees/`, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) });
  const idemKey = crypto.randomUUID();
  const idemBody = { name: "Idem Berg", email: `${idemKey}@example.se`, country: "SWE" };
  const idem = await Promise.all(Array.from({ length: 10 }, (_, i) => post(bases[i % 2], idemBody, { "Idempotency-Key": idemKey }).then((r) => r.json())));
  const idemIds = new Set(idem.map((b: { id: string }) => b.id));
  const id = `dup-${crypto.randomUUID()}`;
  const dup = await Promise.all(bases.concat(bases).map((b) => post(b, { id, name: "Dup", email: `${id}@example.se`, country: "SWE" }).then((r) => r.status)));
  log(`  idempotency across instances: 10 concurrent requests, one key -> ${idemIds.size} object(s) ${idemIds.size === 1 ? "(correct)" : "(WRONG)"}`);
  log(
    `  id uniqueness across instances: 4 concurrent creates, one id -> ${dup.filter((s) => s === 201).length} created, ${dup.filter((s) => s === 400).length} refused (${dup.filter((s) => s === 201).length === 1 ? "correct" : "WRONG"})`,
  );
}

/**
 * Two worker processes on the invitation jobs the benchmark's creates queued, for OUTBOX_SECONDS (the
 * backlog is tens of thousands of jobs): throughput, and exactly-once for every job finished.
 */
async function outboxAcrossWorkers(url: string, dataDir: string): Promise<void> {
  const db = await openDatabase({ driver: "pg", url });
  const pending = () => db.prisma.outboxJob.count({ where: { completedAt: null, failedAt: null } });
  const before = await pending();
  const started = Date.now();
  const workers = [
    await startProcess("dist/worker.js", { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
    await startProcess("dist/worker.js", { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
  ];
  const deadline = started + OUTBOX_SECONDS * 1000;
  while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
  await Promise.all(workers.map(stop));
  const seconds = (Date.now() - started) / 1000;
  const done = await db.prisma.outboxJob.count({ where: { kind: NOTIFY_EMPLOYEE_JOB, completedAt: { not: null } } });
  const notified = await db.prisma.employee.count({ where: { notifiedAt: { not: null } } });
  const [{ events, twice }] = await db.prisma.$queryRaw<{ events: number; twice: number }[]>`
    SELECT count(*)::int AS events, (count(*) - count(DISTINCT object_pk))::int AS twice FROM event WHERE name = 'Employee.notified'`;
  const correct = twice === 0 && events === done && notified === done;
  log(
    `  outbox with 2 worker processes: ${before - (await pending())} of ${before} jobs in ${seconds.toFixed(1)} s (${((before - (await pending())) / seconds).toFixed(0)} jobs/s, emails to files); ` +
      `${done} invitations done, ${notified} Employees notified, ${events} Employee.notified events, ${twice} twice (${correct ? "correct" : "WRONG"})`,
  );
  await db.close();
}

/** What drains the webhook backlog, started once it is queued; its CPU time counts from `cpuFrom` (Date.now()). */
interface Deliverer {
  child: ChildProcess;
  what: string;
  /** Whose CPU time is counted, and from when. */
  cpuWho: string;
  cpuFrom: number;
}

/**
 * Signed webhook deliveries to a local receiver: throughput (target >= 1,000/s), from a backlog that a
 * worker drains (queued while no worker ran, so that the figure is the worker's and not the creates'; the
 * invitations the creates queued are removed first, so that it is the deliveries' alone),
 * then the latency from commit to receipt at a steady 20 events/s (target: p99 < 100 ms).
 */
async function webhookFanOut(base: string, data: Seeded, startDeliverer: () => Promise<Deliverer>): Promise<void> {
  const BACKLOG = values.quick ? 1000 : 3000;
  const receiver = await startReceiver();
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  receiver.respond = ({ body }) => {
    const id = (JSON.parse(body) as { id?: string }).id ?? "";
    const t0 = sent.get(id);
    if (t0 !== undefined) latencies.push(performance.now() - t0);
    return 200;
  };
  const headers = { Authorization: `Token ${data.key}`, "Integration-ID": data.integrationId, "Content-Type": "application/json" };
  await fetch(`${base}/v2/webhooks/`, { method: "POST", headers, body: JSON.stringify({ url: `${receiver.url}/hook`, events: ["Employee.created"] }) });
  const create = async () => {
    const id = `wh-${crypto.randomUUID()}`;
    const res = await fetch(`${base}/v2/employees/`, {
      method: "POST",
      headers,
      body: JSON.stringify({ id, name: "Hook Berg", email: `${id}@example.se`, country: "SWE" }),
    });
    sent.set(id, performance.now()); // the event is committed once the response has arrived
    if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < BACKLOG) await create();
    }),
  );
  const deliverer = await startDeliverer();
  const cpu0 = deliverer.cpuFrom ? treeCpuSeconds(deliverer.child) : 0;
  await receiver.waitFor(BACKLOG, 120_000);
  const got = receiver.received.slice(0, BACKLOG);
  const cpuMs = ((treeCpuSeconds(deliverer.child) - cpu0) * 1000) / got.filter((r) => r.at >= deliverer.cpuFrom).length;
  const seconds = (got[got.length - 1].at - got[0].at) / 1000;
  const rate = (got.length - 1) / Math.max(seconds, 0.001);
  log(
    `  backlog of ${BACKLOG} deliveries (the invitations the creates queued removed), ${deliverer.what}: ${got.length} signed deliveries received in ${seconds.toFixed(2)} s (first to last) = ${rate.toFixed(0)}/s ` +
      `(target >= 1,000/s: ${rate >= 1000 ? "met" : "NOT met"}); ${deliverer.cpuWho} used ${cpuMs.toFixed(2)} ms of CPU per delivery, ${deliverer.cpuFrom ? "from its first answer on (the deliveries before not counted)" : "its start included"} (${load()})`,
  );
  // Steady: latency at 20 events/s.
  latencies.length = 0;
  const before = receiver.received.length;
  for (let i = 0; i < 200; i++) {
    await create();
    await new Promise((r) => setTimeout(r, 50));
  }
  await receiver.waitFor(before + 200, 60_000);
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
  log(
    `  steady 20 events/s: from commit to POST received p50 ${pct(50).toFixed(0)} ms, p99 ${pct(99).toFixed(0)} ms (target p99 < 100 ms: ${pct(99) < 100 ? "met" : "NOT met"}; ${latencies.length} deliveries) (${load()})`,
  );
  await stop(deliverer.child);
  await receiver.close();
}

/**
 * On a database of its own: the creates before left a backlog of invitations that would delay deliveries.
 * The backlog is queued through a server with WORKER=0; then either one `npm run worker` drains it (PostgreSQL,
 * `worker: "process"`), or the server is restarted with the worker on, npm start's default (`worker: "in-process"`;
 * the only way embedded: a worker runs only inside the server that holds the folder). The in-process figure is
 * deliveries/s of npm start's worker draining a backlog it found at its start, first receipt to last (the
 * invitations the creates queued drain beside them, as with a worker process), and its CPU time is the whole
 * server's (embedded, PGlite's included); its steady latency is npm start's, yielding to the requests that
 * create the events.
 */
async function webhooks(dataDir: string, embedded: boolean, worker: "process" | "in-process" = embedded ? "in-process" : "process"): Promise<void> {
  const inProcess = worker === "in-process";
  log(
    `\nWebhook deliveries on ${embedded ? "the embedded database" : "PostgreSQL"}, ${inProcess ? "npm start's in-process worker" : "a worker process"} (a local receiver; a fresh database with 100 Employees) (${load()})`,
  );
  const port = embedded ? 3411 : inProcess ? 3405 : 3404;
  const hooksDir = embedded ? path.join(dataDir, "embedded-hooks") : dataDir;
  const hooksUrl = embedded ? "" : await pgDatabase("_hooks");
  const hooksData = await seed(
    embedded ? { driver: "pglite", dataDir: hooksDir, command: "npm run bench" } : { driver: "pg", url: hooksUrl },
    100,
    () => undefined,
  );
  const env = { DATABASE_URL: hooksUrl, DATA_DIR: hooksDir, ...restartedEnv };
  const hooksServer = await startProcess("dist/server.js", { ...env, WORKER: "0", RATE_LIMITS: "0" }, port);
  // The creates also queued an invitation each (measured in the background section): removed before the worker
  // starts, so that the figure is webhook deliveries alone. Embedded, with the server stopped (it holds the folder).
  const withoutInvitations = async () => {
    const db = await openDatabase(embedded ? { driver: "pglite", dataDir: hooksDir, command: "npm run bench" } : { driver: "pg", url: hooksUrl });
    try {
      return await db.prisma.outboxJob.deleteMany({ where: { kind: NOTIFY_EMPLOYEE_JOB } });
    } finally {
      await db.close();
    }
  };
  const startDeliverer = async (): Promise<Deliverer> => {
    if (!inProcess) {
      await withoutInvitations();
      return { child: await startProcess("dist/worker.js", { ...env, LOG_LEVEL: "warn" }), what: "one worker process", cpuWho: "the worker", cpuFrom: 0 };
    }
    await stop(hooksServer);
    await withoutInvitations();
    const child = await startProcess("dist/server.js", { ...env, RATE_LIMITS: "0", LOG_LEVEL: "warn" }, port);
    return {
      child,
      what: "npm start's in-process worker (the server restarted with it on)",
      cpuWho: embedded ? "npm start (the database's included)" : "npm start",
      cpuFrom: Date.now(),
    };
  };
  await webhookFanOut(`http://127.0.0.1:${port}`, hooksData, startDeliverer);
  await stop(hooksServer);
}

/** Webhook deliveries on PostgreSQL: by npm start's in-process worker (the default), then by a worker process. */
async function pgWebhooks(dataDir: string): Promise<void> {
  await webhooks(dataDir, false, "in-process");
  await webhooks(dataDir, false, "process");
}

/** npm start's background work on PostgreSQL with its default worker, then (not with --quick) with the other. */
async function pgBackgroundModes(url: string, dataDir: string, data: Seeded): Promise<void> {
  await backgroundWork(await pgBackground(url, dataDir, 3407, "in-process"), data);
  if (!values.quick) await backgroundWork(await pgBackground(url, dataDir, 3408, "child"), data);
}

async function seedEmbedded(dataDir: string): Promise<{ dir: string; data: Seeded }> {
  const dir = path.join(dataDir, "embedded");
  log("\nEmbedded database: seeding through the domain services…");
  return { dir, data: await seed({ driver: "pglite", dataDir: dir, command: "npm run bench" } satisfies DatabaseOptions, EMPLOYEES, log) };
}

/** The background sections again on the embedded database (the seeded folder; the webhooks on one of their own). */
async function embeddedBackgroundSections(dataDir: string, embedded: { dir: string; data: Seeded }): Promise<void> {
  await backgroundWork(await embeddedBackground(embedded.dir, 3410, 3412), embedded.data);
  await webhooks(dataDir, true);
}

/** The scale bench's request cases: today's bench's, a filter (the same instant, and one varied per request), and the Payout list of one Payrun. */
const SCALE_CASES: Scenario[] = ["list", "search", "search-any", "filter", "filter-any", "get", "post", "payouts-payrun"];

/**
 * `--scale`: one Integration at --scale-small Employees and one at --scale-employees (Payouts --scale-payouts, the
 * small one's in the same ratio), each in a fresh PostgreSQL database written set-based (scale-seed.ts), measured
 * in the same rounds, taking turns (target: p99 at the large size within 2x of p99 at the small). With
 * --scale-embedded N, the embedded database too at N Employees. The databases are dropped at the end.
 */
async function scaleBench(dataDir: string): Promise<void> {
  const employees = Number(values["scale-employees"]);
  const payouts = Number(values["scale-payouts"]);
  const small = Number(values["scale-small"]);
  const embeddedEmployees = Number(values["scale-embedded"]);
  const ratio = payouts / employees;
  const prefix = process.env.BENCH_DB_PREFIX ?? "payroute_scale";
  const sizes = [
    { key: "small", employees: small, payouts: Math.round(small * ratio), port: 3461 },
    { key: "large", employees, payouts, port: 3462 },
  ];
  const columns: { key: string; heading: string; base: string; data: Seeded; server: ChildProcess; url: string }[] = [];
  const databases: string[] = [];
  for (const size of sizes) {
    const name = `${prefix}_${size.key}`;
    const url = await freshDatabase(name);
    databases.push(name);
    log(`
PostgreSQL ${name}: ${size.employees.toLocaleString("en")} Employees, ${size.payouts.toLocaleString("en")} Payouts, set-based (${load()})`);
    const data = await seedScale({ driver: "pg", url }, size.employees, size.payouts, log);
    log(`  ${databaseSize(url)} on disk`);
    const server = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: path.join(dataDir, size.key), ...PATH_ALONE }, size.port);
    columns.push({ key: size.key, heading: `PostgreSQL ${size.employees.toLocaleString("en")}`, base: `http://127.0.0.1:${size.port}`, data, server, url });
  }
  // BENCH_COMPARE_DIST: that build's server on the large database too, in the same rounds (the cases that differ).
  const compared = comparedServer();
  if (compared) {
    const large = columns[1];
    const server = await startProcess(compared, { DATABASE_URL: large.url, DATA_DIR: path.join(dataDir, "large-before"), ...PATH_ALONE }, 3464);
    columns.push({ ...large, key: "large-before", heading: `${large.heading} (compared build)`, base: "http://127.0.0.1:3464", server });
  }
  if (embeddedEmployees > 0) {
    const dir = path.join(dataDir, "embedded-scale");
    const count = embeddedEmployees;
    log(`
Embedded database: ${count.toLocaleString("en")} Employees, ${Math.round(count * ratio).toLocaleString("en")} Payouts, set-based (${load()})`);
    const started = Date.now();
    try {
      const data = await seedScale({ driver: "pglite", dataDir: dir, command: "npm run bench" }, count, Math.round(count * ratio), log);
      log(`  seeded in ${((Date.now() - started) / 1000).toFixed(0)} s; the folder holds ${folderSizeMiB(dir).toFixed(0)} MiB`);
      const server = await startProcess("dist/server.js", { DATABASE_URL: "", DATA_DIR: dir, ...PATH_ALONE }, 3463);
      columns.push({ key: "embedded", heading: `embedded ${count.toLocaleString("en")}`, base: "http://127.0.0.1:3463", data, server, url: "" });
    } catch (e) {
      log(`  the embedded database did not take ${count.toLocaleString("en")} Employees: ${String(e).slice(0, 300)}`);
    }
  }
  const cases = SCALE_CASES.flatMap((scenario) => columns.map((c) => ({ key: `${scenario} ${c.key}`, scenario, bases: [c.base], data: c.data })));
  // A compared build's column measures the cases given by BENCH_COMPARE_CASES (all when unset).
  const comparedCases = (process.env.BENCH_COMPARE_CASES ?? "").split(",").filter(Boolean);
  const measured = cases.filter((c) => !c.key.endsWith(" large-before") || comparedCases.length === 0 || comparedCases.includes(c.scenario));
  const loadBefore = os.loadavg();
  const results = await measureRounds(measured, columns[0].data);
  const loadAfter = os.loadavg();
  log(
    `
Scale: the request cases at ${columns.map((c) => c.heading).join(", ")} (one instance each, WORKER=0 RATE_LIMITS=0; autocannon 16 connections, ` +
      `${SECONDS} s after a ${WARMUP} s warm-up; median of ${ROUNDS} rounds, taking turns; Payruns of ${PAYRUN_SIZE} Payouts)`,
  );
  log(
    `  load average (1, 5, 15 min) ${loadBefore.map((l) => l.toFixed(1)).join(" ")} before, ${loadAfter.map((l) => l.toFixed(1)).join(" ")} after, on ${os.cpus().length} cores`,
  );
  log(`| request | ${columns.map((c) => `${c.heading} req/s | p50 ms | p99 ms`).join(" | ")} | p99 large / small | within 2x | errors |`);
  log(`|---|${columns.map(() => "---|---|---|").join("")}---|---|---|`);
  for (const s of SCALE_CASES) {
    const r = (c: { key: string }) => results[`${s} ${c.key}`];
    const [a, b] = [r(columns[0]), r(columns[1])];
    const ratioP99 = b.p99 / Math.max(1, a.p99);
    const cell = (c: { key: string }) => (r(c) ? `${r(c).rps.toFixed(0)} (${spread(r(c))}) | ${r(c).p50} | ${r(c).p99}` : "- | - | -");
    log(
      `| ${s} | ${columns.map(cell).join(" | ")} | ${ratioP99.toFixed(2)} | ${ratioP99 <= 2 ? "yes" : "NO"} | ` +
        `${columns.map((c) => (r(c) ? r(c).errors + r(c).non2xx : "-")).join(" / ")} |`,
    );
  }
  for (const c of columns) log(`  peak memory of the ${c.heading} server: ${peakMemoryMb(c.server).toFixed(0)} MB`);
  await Promise.all(columns.map((c) => stop(c.server)));
  const trafficDays = Number(values["traffic-days"]);
  if (trafficDays > 0) {
    const large = columns.find((c) => c.key === "large");
    if (large) await trafficBench({ driver: "pg", url: large.url }, large.data.integrationId, trafficDays, Number(values["traffic-purge-days"]), log);
  }
  if (!process.env.BENCH_KEEP_SCALE) for (const name of databases) await dropDatabase(name);
}

/** The database's size as PostgreSQL reports it. */
function databaseSize(url: string): string {
  return execFileSync("psql", [url, "-Atc", "SELECT pg_size_pretty(pg_database_size(current_database()))"], { encoding: "utf8" }).trim();
}

function folderSizeMiB(dir: string): number {
  return Number(execFileSync("du", ["-sm", dir], { encoding: "utf8" }).split("\t")[0]);
}

async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

async function main(): Promise<void> {
  log(
    `Payroute benchmark: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}; ${EMPLOYEES} Employees; autocannon 16 connections, ${SECONDS} s after a ${WARMUP} s warm-up`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-bench-"));
  if (values.scale) {
    await scaleBench(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-fairness"]) {
    const only = values["fairness-db"];
    await fairnessBoth(dataDir, only !== "pg", only !== "embedded");
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-webhooks"]) {
    if (values.embedded) await webhooks(dataDir, true);
    await pgWebhooks(dataDir);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-embedded-background"]) {
    await embeddedBackgroundSections(dataDir, await seedEmbedded(dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const url = await pgDatabase("");
  log("\nPostgreSQL: seeding through the domain services…");
  const data = await seed({ driver: "pg", url }, EMPLOYEES, log);

  if (values["only-trpc-limits"]) {
    await trpcLimits(url, dataDir, data);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-events"]) {
    const one = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, ...PATH_ALONE }, 3401);
    await eventsList(url, "http://127.0.0.1:3401", data, dataDir);
    await stop(one);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-rate-limits"]) {
    const one = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, ...PATH_ALONE }, 3401);
    await rateLimiterCost(url, dataDir, "http://127.0.0.1:3401", data);
    await stop(one);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (values["only-background"]) {
    await pgBackgroundModes(url, dataDir, data);
    await pgWebhooks(dataDir);
    if (values.embedded) {
      const embedded = await seedEmbedded(dataDir);
      await embeddedBackgroundSections(dataDir, embedded);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  // npm start as users run it, with the request path alone beside it: the server `one` (WORKER=0: its invitation
  // jobs wait for the outbox check below; RATE_LIMITS=0: the limiter's cost is measured on its own below) stays up.
  const { alone: one, aloneResults: pgResults } = await headline(url, dataDir, data);
  if (values["only-headline"]) {
    await stop(one);
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  await rateLimiterCost(url, dataDir, "http://127.0.0.1:3401", data);
  await eventsList(url, "http://127.0.0.1:3401", data, dataDir);
  await trpcLimits(url, dataDir, data);
  await fairnessBoth(dataDir, values.embedded);

  const two = await startProcess("dist/server.js", { DATABASE_URL: url, DATA_DIR: dataDir, ...PATH_ALONE }, 3402);
  const bases = ["http://127.0.0.1:3401", "http://127.0.0.1:3402"];
  // One instance against two, taking turns, so that both see the same machine.
  const versus = await measureRounds(
    (["list", "get"] as Scenario[]).flatMap((scenario) => [
      { key: `${scenario} one`, scenario, bases: bases.slice(0, 1) },
      { key: `${scenario} two`, scenario, bases },
    ]),
    data,
  );
  log(`\nTwo instances on one PostgreSQL against one (load spread over both, 8 connections each; median of ${ROUNDS}, taking turns)`);
  for (const s of ["list", "get"]) {
    const [one, two] = [versus[`${s} one`], versus[`${s} two`]];
    log(
      `  ${s}: two ${two.rps.toFixed(0)} req/s (rounds ${spread(two)}), one ${one.rps.toFixed(0)} (rounds ${spread(one)}); two: p50 ${two.p50} ms, p99 ${two.p99} ms`,
    );
  }
  log(`  peak memory: ${peakMemoryMb(one).toFixed(0)} MB and ${peakMemoryMb(two).toFixed(0)} MB`);
  await crossInstanceChecks(bases, data);
  await Promise.all([one, two].map(stop));
  await outboxAcrossWorkers(url, dataDir);
  await pgBackgroundModes(url, dataDir, data);

  await pgWebhooks(dataDir);

  if (values.embedded) {
    const embedded = await seedEmbedded(dataDir);
    const server = await startProcess("dist/server.js", { DATABASE_URL: "", DATA_DIR: embedded.dir, WORKER: "0", RATE_LIMITS: "0" }, 3403);
    const rows = await measureRounds(eachScenario(["http://127.0.0.1:3403"]), embedded.data);
    table("One instance on the embedded database (target: within 2x of PostgreSQL)", Object.entries(rows), pgResults);
    log(`  peak memory of the server process: ${peakMemoryMb(server).toFixed(0)} MB`);
    await stop(server);
    await embeddedBackgroundSections(dataDir, embedded);
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
