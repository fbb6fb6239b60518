/**
 * `npm run multi-instance`: many instances, tested. Two `npm start` with WORKER=0 and two `npm run worker` on
 * one PostgreSQL, behind nginx (Debian's package, installed when missing and root) configured with
 * scripts/multi-instance/upstream.conf and locations.conf, the blocks docs/deploy.md shows. A mixed load (list, retrieve,
 * and creates with an Idempotency-Key) runs through nginx while the script
 *   1. restarts the instances one at a time (SIGTERM: /readyz turns 503, the instance serves out its drain
 *      window with `Connection: close`, then stops accepting; nginx sends new requests to the other): no
 *      request may fail;
 *   2. SIGKILLs one instance: only requests in flight on it may fail, and only non-idempotent ones (nginx
 *      passes a GET on to the other instance); the client's retry with the same Idempotency-Key succeeds;
 *   3. SIGKILLs one worker while it works: no job is lost (its lease runs out, the other worker takes it),
 *      and every invitation takes effect once (one notified_at, one Employee.notified event per job).
 * It runs twice: directly on PostgreSQL, then with the instances and workers reaching PostgreSQL through PgBouncer in
 * transaction mode (started here, tests/support/pgbouncer.ts), their session work (migrations' lock, LISTEN) on
 * DATABASE_DIRECT_URL, where besides no advisory lock may be left held once the load has stopped.
 * Flags: --seconds N (load per phase, default 4); --direct: the first run only; --pgbouncer: the second run only. PostgreSQL at PG_TEST_URL (or BENCH_PG_URL). Needs
 * `npm run build`. Prints one line per check and ends with "N passed, N failed"; exit code 1 on a failure.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "../src/db/database";
import { NOTIFY_EMPLOYEE_JOB } from "../src/domain/employees/employee-invitation";
import { seed } from "./bench/seed";
import { startPgBouncer, type PgBouncer } from "../tests/support/pgbouncer";
import { ensureDebianTool } from "./ensure-chromium.mjs";
import { SELLER_ENV } from "./seller-env.mjs";
import { ENCRYPTION_ENV } from "./encryption-env.mjs";

const { values } = parseArgs({
  options: { seconds: { type: "string", default: "4" }, pgbouncer: { type: "boolean", default: false }, direct: { type: "boolean", default: false } },
});
/** The runs asked for: through the pooler or not (both unless one is named). */
const RUNS = values.pgbouncer === values.direct ? [false, true] : [values.pgbouncer];
const PHASE_MS = Number(values.seconds) * 1000;
const PG_SERVER = process.env.PG_TEST_URL ?? process.env.BENCH_PG_URL ?? "postgresql://postgres@127.0.0.1:5432";
const LEASE_SECONDS = 3;
/** nginx's configuration, as docs/deploy.md shows it (the script checks that the page still does). */
const UPSTREAM = "scripts/multi-instance/upstream.conf";
const LOCATIONS = "scripts/multi-instance/locations.conf";
/** upstream.conf's fail_timeout. */
const FAIL_TIMEOUT_MS = 5_000;
/** Longer than upstream.conf's keepalive_timeout (2 s), as docs/deploy.md asks. */
const DRAIN_MS = 3_000;

const checks: { name: string; ok: boolean; detail: string }[] = [];
/** Said after each check's name in the run through PgBouncer. */
let runLabel = "";
function check(name: string, ok: boolean, detail: string): void {
  checks.push({ name: name + runLabel, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${runLabel}: ${detail}`);
}

const children = new Set<ChildProcess>();
process.on("exit", () => children.forEach((c) => c.kill("SIGKILL")));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const exited = (c: ChildProcess) =>
  new Promise<void>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve() : c.once("exit", () => resolve())));

function spawnNode(script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--enable-source-maps", script], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn", HOST: "127.0.0.1", ...SELLER_ENV, ...ENCRYPTION_ENV, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

async function waitReady(port: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    const answer = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      async (r) => ({ status: r.status, body: await r.text() }),
      () => null,
    );
    if (answer?.status === 200) return;
    if (answer) last = `${answer.status} ${answer.body}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the instance on port ${port} did not become ready (last /readyz: ${last})`);
}

interface Outcome {
  method: string;
  status: number;
}

/** The mixed load through nginx: `clients` loops of list, retrieve and create (with an Idempotency-Key, retried once on failure). */
function startLoad(base: string, headers: Record<string, string>, ids: string[], clients: number) {
  const outcomes: Outcome[] = [];
  const created: string[] = [];
  let retriedOk = 0;
  let running = true;
  let inFlight = 0;
  const once = async (method: string, url: string, body?: string, extra: Record<string, string> = {}): Promise<number> => {
    inFlight++;
    try {
      const res = await fetch(url, { method, headers: { ...headers, ...extra }, body });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0; // the connection to nginx itself failed
    } finally {
      inFlight--;
    }
  };
  const loop = async () => {
    for (let i = 0; running; i++) {
      const r = Math.random();
      if (r < 0.4) outcomes.push({ method: "GET", status: await once("GET", `${base}/v2/employees/?page_size=10`) });
      else if (r < 0.7) outcomes.push({ method: "GET", status: await once("GET", `${base}/v2/employees/${ids[Math.floor(Math.random() * ids.length)]}/`) });
      else {
        const id = `multi-${crypto.randomUUID()}`;
        const body = JSON.stringify({ id, name: "Multi Berg", email: `${id}@example.se`, country: "SWE" });
        const key = { "Idempotency-Key": crypto.randomUUID() };
        const status = await once("POST", `${base}/v2/employees/`, body, key);
        outcomes.push({ method: "POST", status });
        if (status === 201) created.push(id);
        else if (await once("POST", `${base}/v2/employees/`, body, key).then((s) => s === 201)) {
          retriedOk++;
          created.push(id);
        }
      }
    }
  };
  const loops = Array.from({ length: clients }, loop);
  return {
    outcomes,
    created,
    inFlight: () => inFlight,
    retriedOk: () => retriedOk,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const failures = (o: Outcome[]) => o.filter((x) => x.status === 0 || x.status >= 500);
const describe = (o: Outcome[]) => {
  const counts = new Map<string, number>();
  for (const x of o) counts.set(`${x.method} ${x.status}`, (counts.get(`${x.method} ${x.status}`) ?? 0) + 1);
  return counts.size ? ` (${[...counts].map(([k, n]) => `${n}× ${k}`).join(", ")})` : "";
};

async function main(): Promise<void> {
  for (const throughPooler of RUNS) {
    runLabel = throughPooler ? " (through PgBouncer)" : "";
    if (RUNS.length > 1) console.log(throughPooler ? "\n-- through PgBouncer --" : "-- directly on PostgreSQL --");
    await run(throughPooler);
  }
}

async function run(throughPooler: boolean): Promise<void> {
  const missing = ensureDebianTool("nginx", "nginx");
  if (missing) throw new Error(missing);
  if (!fs.existsSync("dist/server.js")) throw new Error("Run `npm run build` first.");

  const name = `multi_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = `${PG_SERVER}/${name}`;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-multi-"));
  let nginx: ChildProcess | null = null;
  let bouncer: PgBouncer | null = null;
  try {
    const server = new URL(PG_SERVER);
    bouncer = throughPooler ? await startPgBouncer({ host: server.hostname, port: Number(server.port || 5432) }) : null;
    // Through the pooler the processes' statements go there; what needs a session, to PostgreSQL itself.
    const connection: Record<string, string> = bouncer ? { DATABASE_URL: `${bouncer.url}/${name}`, DATABASE_DIRECT_URL: url } : { DATABASE_URL: url };
    if (bouncer) console.log(`through PgBouncer (transaction mode) at ${bouncer.url}; DATABASE_DIRECT_URL for session work`);
    const data = await seed({ driver: "pg", url }, 50, () => undefined);
    const db = await openDatabase({ driver: "pg", url });
    // The seed's invitations are done first: the checks below count the load's own.
    await db.prisma.outboxJob.updateMany({ where: { completedAt: null }, data: { completedAt: new Date() } });

    const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
    const common = {
      ...connection,
      DATA_DIR: dir,
      RATE_LIMITS: "0",
      TRUST_PROXY: "1",
      ALLOWED_HOSTS: "*",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
    };
    const startInstance = (port: number) => spawnNode("dist/server.js", { ...common, WORKER: "0", PORT: String(port) });
    // Both at once, as a deploy starts them: on a fresh database they agree on one auth secret.
    const instances = new Map<number, ChildProcess>([
      [portA, startInstance(portA)],
      [portB, startInstance(portB)],
    ]);
    await Promise.all([waitReady(portA), waitReady(portB)]);
    const workers = [spawnNode("dist/worker.js", common), spawnNode("dist/worker.js", common)];

    // The blocks docs/deploy.md shows (its instances on 3001 and 3002), with this run's ports.
    const upstream = fs.readFileSync(UPSTREAM, "utf8").replace("127.0.0.1:3001", `127.0.0.1:${portA}`).replace("127.0.0.1:3002", `127.0.0.1:${portB}`);
    const block = `${upstream}\nserver {\n    listen 127.0.0.1:${portLb};\n${fs.readFileSync(LOCATIONS, "utf8")}}\n`;
    const temp = (n: string) => `${n}_temp_path ${path.join(dir, n)};`;
    fs.writeFileSync(
      path.join(dir, "nginx.conf"),
      `worker_processes 1;\ndaemon off;\npid ${path.join(dir, "nginx.pid")};\nerror_log ${path.join(dir, "nginx-error.log")} warn;\n` +
        `events { worker_connections 1024; }\nhttp {\naccess_log off;\n${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n")}\n${block}\n}\n`,
    );
    nginx = spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: ["ignore", "ignore", "inherit"] });
    children.add(nginx);
    const base = `http://127.0.0.1:${portLb}`;
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline) throw new Error("nginx did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    const docs = fs.readFileSync("docs/deploy.md", "utf8");
    const quoted = [UPSTREAM, LOCATIONS].flatMap((f) => fs.readFileSync(f, "utf8").split("\n")).filter((l) => l.trim());
    check(
      "docs/deploy.md quotes the nginx configuration tested here",
      quoted.every((l) => docs.includes(l)),
      `${quoted.filter((l) => !docs.includes(l)).length} of ${quoted.length} lines missing`,
    );

    const headers = {
      Authorization: `Token ${data.key}`,
      "Integration-ID": data.integrationId,
      "Content-Type": "application/json",
      Accept: "application/json",
    };
    const load = startLoad(base, headers, data.employeeIds, 8);
    await new Promise((r) => setTimeout(r, PHASE_MS));

    // 1. Rolling restart.
    let from = load.outcomes.length;
    for (const port of [portA, portB]) {
      const old = instances.get(port);
      if (!old) continue;
      old.kill("SIGTERM");
      // /readyz answers 503 during the drain window, while requests are still served.
      let during = 0;
      while (old.exitCode === null && old.signalCode === null && during !== 503) {
        during = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        await new Promise((r) => setTimeout(r, 50));
      }
      await exited(old);
      instances.set(port, startInstance(port));
      await waitReady(port);
      check(`rolling restart: /readyz of the stopping instance turns 503 first (port ${port})`, during === 503, `answered ${during} during its drain`);
      // nginx marked the instance failed while it was down (max_fails=1): it takes traffic again after
      // fail_timeout; restarting the other one before that would leave nginx no live instance.
      await new Promise((r) => setTimeout(r, FAIL_TIMEOUT_MS + 500));
    }
    const rolled = load.outcomes.slice(from);
    check(
      "rolling restart loses no request",
      failures(rolled).length === 0,
      `${rolled.length} requests, ${failures(rolled).length} failed${describe(failures(rolled))}`,
    );

    // 2. SIGKILL of one instance.
    from = load.outcomes.length;
    await new Promise((r) => setTimeout(r, PHASE_MS / 2));
    const inFlightAtKill = load.inFlight();
    instances.get(portA)?.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, PHASE_MS));
    const killed = load.outcomes.slice(from);
    const lost = failures(killed);
    check(
      "SIGKILL of an instance loses only what was in flight on it",
      lost.length <= inFlightAtKill && lost.every((o) => o.method === "POST"),
      `${killed.length} requests, ${lost.length} failed${describe(lost)}, ${inFlightAtKill} were in flight through nginx`,
    );
    instances.set(portA, startInstance(portA));
    await waitReady(portA);

    // 3. SIGKILL of a worker while it works.
    await new Promise((r) => setTimeout(r, PHASE_MS / 4));
    workers[0].kill("SIGKILL");
    await new Promise((r) => setTimeout(r, PHASE_MS / 2));
    await load.stop();
    check(
      "every create answered (or its retry with the same Idempotency-Key)",
      true,
      `${load.created.length} Employees created, ${load.retriedOk()} after a retry`,
    );

    const pending = () => db.prisma.outboxJob.count({ where: { completedAt: null, failedAt: null } });
    const drainDeadline = Date.now() + (LEASE_SECONDS + 30) * 1000;
    while ((await pending()) > 0 && Date.now() < drainDeadline) await new Promise((r) => setTimeout(r, 200));
    const jobs = (await db.prisma.outboxJob.count({ where: { kind: NOTIFY_EMPLOYEE_JOB } })) - data.employeeIds.length;
    const [counts] = await db.prisma.$queryRaw<{ employees: number; notified: number; events: number; twice: number; failed: number; left: number }[]>`
      SELECT (SELECT count(*)::int FROM employee WHERE id LIKE 'multi-%') AS employees,
             (SELECT count(*)::int FROM employee WHERE id LIKE 'multi-%' AND notified_at IS NOT NULL) AS notified,
             (SELECT count(*)::int FROM event v JOIN employee e ON e.pk = v.object_pk WHERE v.name = 'Employee.notified' AND e.id LIKE 'multi-%') AS events,
             (SELECT (count(*) - count(DISTINCT v.object_pk))::int FROM event v JOIN employee e ON e.pk = v.object_pk WHERE v.name = 'Employee.notified' AND e.id LIKE 'multi-%') AS twice,
             (SELECT count(*)::int FROM outbox_job WHERE failed_at IS NOT NULL) AS failed,
             (SELECT count(*)::int FROM outbox_job WHERE completed_at IS NULL AND failed_at IS NULL) AS left`;
    check(
      "SIGKILL of a worker loses no job; each invitation takes effect once",
      counts.left === 0 &&
        counts.failed === 0 &&
        counts.notified === counts.employees &&
        counts.events === counts.employees &&
        counts.twice === 0 &&
        counts.employees >= load.created.length,
      `${load.created.length} created, ${counts.employees} Employees, ${counts.notified} notified, ${counts.events} Employee.notified events (${counts.twice} twice), ${counts.left} jobs left, ${counts.failed} failed (${jobs} invitation jobs of the load)`,
    );
    if (bouncer) {
      // A lock taken through the pooler and not released would sit on a pooled connection for whoever comes next.
      const [{ held }] = await db.prisma.$queryRaw<{ held: number }[]>`
        SELECT count(*)::int AS held FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
        WHERE l.locktype = 'advisory' AND a.datname = current_database() AND a.state = 'idle'`;
      check("no advisory lock left held on an idle connection", held === 0, `${held} held`);
    }
    await db.close();
    await Promise.all(
      [...instances.values(), ...workers].map(async (c) => {
        c.kill("SIGTERM");
        await exited(c);
      }),
    );
  } finally {
    if (nginx) {
      nginx.kill("SIGQUIT");
      await exited(nginx);
    }
    await bouncer?.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => {
    const failed = checks.filter((c) => !c.ok).length;
    console.log(`\n${checks.length - failed} passed, ${failed} failed`);
    process.exit(failed ? 1 : 0);
  },
  (e: unknown) => {
    console.error(e);
    console.log(`\n${checks.filter((c) => c.ok).length} passed, ${checks.filter((c) => !c.ok).length + 1} failed`);
    process.exit(1);
  },
);
