/**
 * Starts the real app (the same request handler `npm start` serves, without the Next.js dashboard) on a
 * random port, on a fresh database of its own: in-memory PGlite, or a new database on the PostgreSQL
 * server at PG_TEST_URL when TEST_DB=pg. Requests go over real HTTP.
 */
import { SYSTEM_ACTOR } from "@/domain/audit/audit-record";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { createAuth } from "@/auth/auth";
import type { SignInThrottleSettings } from "@/auth/sign-in-throttle";
import { readEnv } from "@/config/env";
import { sellerSettings, type Seller } from "@/config/seller";
import { openDatabase, type Database, type DatabaseOptions } from "@/db/database";
import { findOrCreateAccount } from "@/domain/accounts/account-service";
import { createApiKey } from "@/domain/api-keys/api-key-service";
import { allowedHosts as defaultAllowedHosts } from "@/config/public-origin";
import type { Environment } from "@/domain/environments";
import type { PrivateTargets, WebhookSettings } from "@/config/webhook-settings";
import type { OutboxSettings } from "@/domain/outbox/outbox-service";
import { createMailer } from "@/domain/notifications/mailer";
import { systemClock, type Clock } from "@/domain/shared/clock";
import { rateLimitStore } from "@/http/limit-stores";
import type { RateLimitSettings } from "@/http/rate-limit";
import { RequestLogWriter, type RequestLogWriterOptions } from "@/http/request-log-writer";
import { insertRequestLogs } from "@/domain/request-log/request-log-service";
import { createLogger } from "@/log";
import type { Logger } from "@/log";
import { createAppHandler, type NodeHandler } from "@/server/app-server";
import { migrationNames } from "@/db/migrate";
import { drainAndClose } from "@/server/graceful-shutdown";
import { createHttpServer, DEFAULT_LIMITS, type HttpServerLimits } from "@/server/http-server";
import { startMetricsServer } from "@/server/metrics";
import { Readiness } from "@/server/readiness";
import { appRouter } from "@/trpc/app-router";
import type { Principal } from "@/trpc/context";
import { createCallerFactory } from "@/trpc/init";
import type { JobHandlers } from "@/domain/outbox/job-handlers";
import { jobHandlers } from "@/worker/job-registry";
import { SELLER_ENV } from "../../scripts/seller-env.mjs";
import { ENCRYPTION_ENV } from "../../scripts/encryption-env.mjs";
import { encryptionKeys } from "@/config/encryption-keys";
import { createFieldCipher, type FieldCipher } from "@/domain/shared/field-encryption";
import { OutboxWorker } from "@/worker/worker";

/** The seller every test app gives its Invoices: scripts/seller-env.mjs read through the env schema, as production's is. */
export const TEST_SELLER: Seller | null = sellerSettings(readEnv({ NODE_ENV: "test", ...SELLER_ENV })).seller;

/** The encryption at rest every test app uses: scripts/encryption-env.mjs read through the env schema and key loader, as production's is. */
export const TEST_KEYS = encryptionKeys(readEnv({ NODE_ENV: "test", ...ENCRYPTION_ENV }), { generate: false });
export const TEST_CIPHER: FieldCipher = createFieldCipher(TEST_KEYS.current, TEST_KEYS.old);

/** PostgreSQL (TEST_DB=pg, or pgbouncer: the same through a transaction pooler) or the embedded database. */
export const TEST_DB = process.env.TEST_DB === "pg" || process.env.TEST_DB === "pgbouncer" ? "pg" : "pglite";
/** With TEST_DB=pgbouncer, the apps reach PostgreSQL through PgBouncer (pgbouncer-setup.ts) and a direct URL beside it. */
const POOLER = process.env.TEST_DB === "pgbouncer" ? process.env.PG_POOLER_URL : undefined;
/** Whether the apps reach PostgreSQL through PgBouncer in transaction mode (TEST_DB=pgbouncer). */
export const THROUGH_POOLER = POOLER !== undefined;
if (process.env.TEST_DB === "pgbouncer" && !POOLER) throw new Error("TEST_DB=pgbouncer: PG_POOLER_URL is not set (the http project's global setup sets it)");
const PG_SERVER = process.env.PG_TEST_URL ?? "postgresql://postgres@127.0.0.1:5432";

/**
 * pg's deprecation "Calling client.query() when the client is already executing a query": statements of one
 * transaction sent at once (a `Promise.all` over a `tx` or a request's `db`), which PostgreSQL runs one after
 * the other anyway and pg 9 will refuse. Node warns once per process (the http project's workers import this
 * module once), so the first one fails the request that was waiting for it, or else the app's close.
 */
let concurrentQuery: Error | null = null;
process.on("warning", (warning) => {
  if (warning.name === "DeprecationWarning" && warning.message.includes("already executing a query")) concurrentQuery ??= warning;
});

function assertNoConcurrentQuery(): void {
  const seen = concurrentQuery;
  if (!seen) return;
  concurrentQuery = null;
  throw new Error(`the app ran queries of one transaction concurrently (${seen.message})\n${seen.stack ?? ""}`);
}

export interface TestAppOptions {
  trustProxyHops?: number;
  httpsRedirect?: boolean;
  /** PUBLIC_URL; default the app's own http://127.0.0.1:<port>. */
  publicUrl?: string;
  /** ALLOWED_HOSTS; default as `npm start` computes it for HOST=127.0.0.1 (the public URL's host and loopback names). */
  allowedHosts?: string[];
  /**
   * WEBHOOK_PRIVATE_TARGETS. Default "demo", stated here on purpose: tests are development and deliver to
   * local receivers (production's default is "none").
   */
  webhookPrivateTargets?: PrivateTargets;
  /** WEBHOOK_DISABLE_AFTER_MINUTES; default as in production (4320). */
  webhookDisableAfterMinutes?: number;
  /** Server limits over the production defaults (timeouts); the per-address cap is off unless given. */
  limits?: Partial<HttpServerLimits>;
  /** The app's logger (default: silent, or TEST_LOG_LEVEL). */
  log?: Logger;
  /** /v2/ rate limits; off unless given, so that other suites and the fuzz test are never throttled. */
  rateLimits?: RateLimitSettings;
  /** Rate-limit counters in Redis at this URL (else PostgreSQL on TEST_DB=pg, memory on PGlite). */
  redisUrl?: string;
  /** Sign-in throttling (always on, as in production); default: the production defaults. */
  signInThrottle?: SignInThrottleSettings;
  /**
   * Run the outbox worker's loop in the app, as `npm start` with WORKER=1 does (its heartbeat then counts
   * in /readyz). Default off: tests run jobs with `drainJobs()`.
   */
  worker?: { heartbeatMaxAgeMs?: number };
  /** Job kinds of the test's own, besides every resource's (`jobHandlers`). */
  jobs?: JobHandlers;
  /** The embedded database in this data folder (DATA_DIR) instead of in memory, whatever TEST_DB says. */
  dataDir?: string;
  /** This PostgreSQL database (the caller's: never dropped here) instead of a new one, whatever TEST_DB says. */
  databaseUrl?: string;
  /** With `databaseUrl` through a transaction pooler: the same database without it (DATABASE_DIRECT_URL). */
  databaseDirectUrl?: string;
  /** Keep Prometheus metrics and serve them on a port of their own (METRICS_PORT), at `metricsUrl`. */
  metrics?: boolean;
  /** BANKGIRO, printed on Invoice PDFs; default none. */
  bankgiro?: string | null;
  /** The seller on Invoices (SELLER_*); default TEST_SELLER, null: not configured. */
  seller?: Seller | null;
  /** Encryption at rest (DATA_ENCRYPTION_KEY and the old keys); default TEST_CIPHER. */
  fieldCipher?: FieldCipher;
  /** OUTBOX_LEASE_SECONDS and OUTBOX_RETRY_BASE_MS over their defaults. */
  outbox?: Partial<OutboxSettings>;
  /** What time it is for the app and its worker (e.g. a `SettableClock`); default the real time. */
  clock?: Clock;
  /**
   * Keep the request log, as `npm start` does, with these writer settings over the defaults (`insert` replaces
   * the database write: a test's failing or stalled writer); off unless given, so that other suites write none.
   */
  requestLog?: Partial<Omit<RequestLogWriterOptions, "log" | "onDrop">>;
  /** REQUIRE_OPERATOR_2FA; default off (the default of an http PUBLIC_URL). */
  requireOperatorTwoFactor?: boolean;
}

export interface ApiCall {
  method?: string;
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
  redirect?: RequestRedirect;
}

export interface TestApp {
  url: string;
  /** The public URL links are built on (`opts.publicUrl`, else `url`). */
  publicUrl: string;
  db: Database["prisma"];
  database: Database;
  /** The worker's webhook settings (a test may shorten `timeoutMs`). */
  webhooks: WebhookSettings;
  /** The Bankgiro account on Invoice PDFs (`opts.bankgiro`). */
  bankgiro: string | null;
  /** The seller on Invoices (`opts.seller`). */
  seller: Seller | null;
  /** The encryption at rest (`opts.fieldCipher`). */
  fieldCipher: FieldCipher;
  /** The app's clock (`opts.clock`, else `systemClock`). */
  clock: Clock;
  /** The test database's URL on PostgreSQL (for a second instance on the same data); null on PGlite. */
  databaseUrl: string | null;
  /** The database without the pooler when `databaseUrl` goes through one (TEST_DB=pgbouncer), else null. */
  databaseDirectUrl: string | null;
  /** A new account (unique name unless given) with a key for the environment. */
  newKey(env?: Environment, opts?: { account?: string; allowIps?: string[] }): Promise<{ key: string; accountPk: string; account: string }>;
  api(path: string, call?: ApiCall): Promise<Response>;
  /** Runs the outbox until no job is due (the real worker, with emails written to `mailDir`). */
  drainJobs(): Promise<number>;
  mailDir: string;
  /** The .eml files written so far. */
  mails(): { file: string; text: string }[];
  json<T = Record<string, unknown>>(path: string, call?: ApiCall): Promise<{ status: number; body: T; headers: Headers }>;
  readiness: Readiness;
  /** The metrics listener's /metrics URL (with the `metrics` option), else null. */
  metricsUrl: string | null;
  /** The in-process worker (its loop runs only with the `worker` option). */
  worker: OutboxWorker;
  /** The request log's writer (with the `requestLog` option), else null. */
  requestLog: RequestLogWriter | null;
  /** What `npm start` does on SIGTERM: /readyz 503, serve on for `drainMs`, then close the server. */
  shutdown(drainMs: number): Promise<void>;
  /** Another app instance (its own handler and limiter) on the same database, as a second server would be. */
  startInstance(): Promise<{ url: string; api(path: string, call?: ApiCall): Promise<Response> }>;
  close(): Promise<void>;
}

/**
 * A new database on the test server; `url` is how the app reaches it (through PgBouncer with TEST_DB=pgbouncer,
 * `directUrl` then being the server itself).
 */
export async function createPgDatabase(): Promise<{ url: string; directUrl?: string; drop: () => Promise<void> }> {
  const name = `payroute_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: `${POOLER ?? PG_SERVER}/${name}`,
    directUrl: POOLER ? `${PG_SERVER}/${name}` : undefined,
    drop: async () => {
      const a = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/**
 * A database of its own for processes the test starts and kills (TEST_DB decides): the options to open it here,
 * the environment a child process opens it with, and how to remove it afterwards.
 */
export async function childProcessDatabase(
  prefix: string,
): Promise<{ options: DatabaseOptions; env: Record<string, string>; drop: () => Promise<void> | void }> {
  if (TEST_DB === "pg") {
    const pg = await createPgDatabase();
    return {
      options: { driver: "pg", url: pg.url, directUrl: pg.directUrl },
      env: { DATABASE_URL: pg.url, ...(pg.directUrl ? { DATABASE_DIRECT_URL: pg.directUrl } : {}) },
      drop: pg.drop,
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    options: { driver: "pglite", dataDir: dir, command: "test" },
    env: { DATA_DIR: dir, DATABASE_URL: "" },
    drop: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** The migrated database the http project's global setup archived (pglite-template-setup.ts), if it ran. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env.PGLITE_TEMPLATE;
  return file ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function startTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const pgDb = TEST_DB === "pg" && !opts.dataDir && !opts.databaseUrl ? await createPgDatabase() : null;
  const pgUrl = opts.databaseUrl ?? pgDb?.url;
  const database = await openDatabase(
    pgUrl
      ? { driver: "pg", url: pgUrl, directUrl: opts.databaseUrl ? opts.databaseDirectUrl : pgDb?.directUrl, poolSize: 5 }
      : { driver: "pglite", dataDir: opts.dataDir ?? "memory://", command: "test", template: opts.dataDir ? undefined : pgliteTemplate() },
  );
  let handler: NodeHandler = (_req, res) => void res.writeHead(503).end();
  const server = createHttpServer((req, res) => void handler(req, res), { ...DEFAULT_LIMITS, maxConnectionsPerIp: 0, ...opts.limits });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const log = opts.log ?? createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const limits = rateLimitStore(opts.redisUrl, database.pool);
  await limits.ready();
  const defaults = readEnv({ NODE_ENV: "test" }); // the defaults of every setting
  const throttle = {
    settings: opts.signInThrottle ?? {
      maxFailures: defaults.SIGNIN_MAX_FAILURES,
      lockoutMinutes: defaults.SIGNIN_LOCKOUT_MINUTES,
      addressMaxFailures: defaults.SIGNIN_ADDRESS_MAX_FAILURES,
      addressBurst: defaults.SIGNIN_ADDRESS_BURST,
    },
    store: limits.store,
    log,
  };
  const clock = opts.clock ?? systemClock;
  const auth = await createAuth(database.prisma, { secret: undefined, baseURL: url, secureCookies: false, throttle, clock });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "payroute-test-"));
  const publicUrl = opts.publicUrl ?? url;
  const webhooks: WebhookSettings = {
    privateTargets: opts.webhookPrivateTargets ?? "demo",
    timeoutMs: 10_000,
    disableAfterMinutes: opts.webhookDisableAfterMinutes ?? defaults.WEBHOOK_DISABLE_AFTER_MINUTES,
  };
  const metrics = opts.metrics ? await startMetricsServer({ db: database.prisma, pool: database.pool, log }, 0, "127.0.0.1") : null;
  const bankgiro = opts.bankgiro ?? null;
  const seller = opts.seller === undefined ? TEST_SELLER : opts.seller;
  const fieldCipher = opts.fieldCipher ?? TEST_CIPHER;
  const mailer = createMailer({ dataDir, from: "Payroute <no-reply@payroute.test>", clock });
  const outbox: OutboxSettings = { leaseSeconds: defaults.OUTBOX_LEASE_SECONDS, retryBaseMs: defaults.OUTBOX_RETRY_BASE_MS, ...opts.outbox };
  const worker = new OutboxWorker(
    { db: database.prisma, mailer, publicUrl, webhooks, outbox, bankgiro, seller, clock, observe: metrics?.metrics },
    { handlers: { ...jobHandlers, ...opts.jobs }, log },
  );
  if (opts.worker) worker.start();
  const requestLog = opts.requestLog
    ? new RequestLogWriter({
        insert: (rows) => insertRequestLogs(database.prisma, rows),
        ...opts.requestLog,
        log,
        onDrop: metrics ? (reason, count) => metrics.metrics.requestLogDropped(reason, count) : undefined,
      })
    : null;
  const readiness = new Readiness({
    db: database.prisma,
    migrations: migrationNames(),
    worker: opts.worker ? worker : null,
    heartbeatMaxAgeMs: opts.worker?.heartbeatMaxAgeMs ?? defaults.WORKER_HEARTBEAT_MAX_AGE_MS,
  });
  const newHandler = () =>
    createAppHandler({
      db: database.prisma,
      readiness,
      metrics: metrics?.metrics,
      auth,
      log,
      trustProxyHops: opts.trustProxyHops ?? 0,
      httpsRedirect: opts.httpsRedirect ?? false,
      publicUrl,
      allowedHosts: opts.allowedHosts ?? defaultAllowedHosts({ PUBLIC_URL: opts.publicUrl, ALLOWED_HOSTS: undefined, HOST: "127.0.0.1", PORT: 0 }),
      webhookPrivateTargets: webhooks.privateTargets,
      bankgiro,
      seller,
      fieldCipher,
      clock,
      requireOperatorTwoFactor: opts.requireOperatorTwoFactor ?? false,
      rateLimits: opts.rateLimits ? { settings: opts.rateLimits, store: limits.store } : null,
      requestLog,
    });
  handler = newHandler();
  const servers = [server];

  const apiAt =
    (base: string) =>
    async (path: string, call: ApiCall = {}) => {
      const headers: Record<string, string> = { Accept: "application/json", ...call.headers };
      if (call.key) headers.Authorization = `Token ${call.key}`;
      let body: BodyInit | undefined;
      if (call.body instanceof FormData || call.body instanceof URLSearchParams || typeof call.body === "string") body = call.body;
      else if (call.body !== undefined) {
        body = JSON.stringify(call.body);
        headers["Content-Type"] ??= "application/json";
      }
      const response = await fetch(base + path, { method: call.method ?? "GET", headers, body, redirect: call.redirect ?? "manual" });
      assertNoConcurrentQuery();
      return response;
    };
  const api = apiAt(url);

  return {
    url,
    publicUrl,
    db: database.prisma,
    database,
    webhooks,
    bankgiro,
    seller,
    fieldCipher,
    clock,
    databaseUrl: pgUrl ?? null,
    databaseDirectUrl: (opts.databaseUrl ? opts.databaseDirectUrl : pgDb?.directUrl) ?? null,
    async newKey(env = "demo", o = {}) {
      const account = o.account ?? `Acct ${crypto.randomBytes(4).toString("hex")}`;
      const acc = await findOrCreateAccount(database.prisma, account);
      const { key } = await createApiKey(
        database.prisma,
        { accountPk: acc.pk, environment: env, allowIps: o.allowIps ?? [] },
        { actor: SYSTEM_ACTOR, at: new Date() },
      );
      return { key, accountPk: acc.pk, account };
    },
    api,
    drainJobs: () => worker.drain(),
    mailDir: path.join(dataDir, "mail"),
    mails() {
      const dir = path.join(dataDir, "mail");
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".eml"))
        .sort()
        .map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), "utf8") }));
    },
    async json<T>(path: string, call?: ApiCall) {
      const res = await api(path, call);
      const text = await res.text();
      return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
    },
    readiness,
    metricsUrl: metrics?.url ?? null,
    worker,
    requestLog,
    shutdown: (drainMs) => drainAndClose(server, { readiness, drainMs, log, graceMs: 1_000 }),
    async startInstance() {
      const other = newHandler();
      const second = createHttpServer((req, res) => void other(req, res), { ...DEFAULT_LIMITS, maxConnectionsPerIp: 0, ...opts.limits });
      await new Promise<void>((resolve) => second.listen(0, "127.0.0.1", resolve));
      servers.push(second);
      const secondUrl = `http://127.0.0.1:${(second.address() as AddressInfo).port}`;
      return { url: secondUrl, api: apiAt(secondUrl) };
    },
    async close() {
      await worker.stop();
      await metrics?.close();
      for (const s of servers) {
        s.closeAllConnections();
        if (s.listening) await new Promise((r) => s.close(r));
      }
      await requestLog?.close(1_000);
      await limits.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      assertNoConcurrentQuery();
    },
  };
}

/** A valid Integration body, with overrides. */
export function integrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Bygg & Co",
    email: "invoices@bygg.example",
    recipient: "Bygg & Co AB",
    address_line_1: "Storgatan 1",
    zip_code: "11122",
    city: "Stockholm",
    ...overrides,
  };
}

/** A valid Registration body: a Danish company (CVR 18785153 passes the mod-11 check), with overrides. */
export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email: "Finance@Nordvik.EXAMPLE",
    phone_number: "+45 32 12 34 56",
    friendly_name: "Nordvik",
    registered_name: "Nordvik ApS",
    tin_number: "18785153",
    vat_number: "DK18785153",
    country: "DNK",
    address_line_1: "Vesterbrogade 1",
    zip_code: "1620",
    city: "København V",
    ...overrides,
  };
}

/** An .eml's text with quoted-printable undone (soft line breaks, `=XX` escapes, UTF-8), for reading links and words. */
export function decodeMail(mail: string): string {
  const bytes = mail.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  return bytes.replace(/(%[0-9A-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

/** The magic-link token in an invitation email. */
export function magicToken(mail: string): string {
  const unfolded = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /\/e\/claim#token=([A-Za-z0-9_-]{43})/.exec(unfolded);
  if (!match) throw new Error("no magic link in the email");
  return match[1];
}

/** Signs a person in with email and password through better-auth, and answers the session's Cookie header. */
export async function sessionCookie(app: TestApp, email: string, password: string): Promise<string> {
  const signIn = await fetch(`${app.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ email, password }),
  });
  await signIn.arrayBuffer();
  if (!signIn.ok) throw new Error(`sign-in of ${email} answered ${signIn.status}`);
  return signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Calls a tRPC procedure over HTTP as the dashboard or employee app does (no transformer). */
export async function trpc<T = unknown>(
  app: TestApp,
  proc: string,
  input: unknown,
  opts: { cookie?: string; mutation?: boolean } = {},
): Promise<{ status: number; data: T | undefined; error: { message: string; data?: { code?: string } } | undefined; setCookie: string | null }> {
  const headers: Record<string, string> = { "Content-Type": "application/json", Origin: app.url };
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = opts.mutation
    ? await fetch(`${app.url}/api/trpc/${proc}`, { method: "POST", headers, body: JSON.stringify(input) })
    : await fetch(`${app.url}/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`, { headers });
  const body = (await res.json()) as { result?: { data: T }; error?: { message: string; data?: { code?: string } } };
  return { status: res.status, data: body.result?.data, error: body.error, setCookie: res.headers.get("set-cookie") };
}

/** The procedures as the dashboard calls them, for a given principal (operators, client sessions). */
export function callerFor(app: TestApp, principal: Principal, integrationId: string | null = null) {
  return createCallerFactory(appRouter)({
    db: app.db,
    principal,
    integrationId,
    baseUrl: app.publicUrl,
    bankgiro: app.bankgiro,
    seller: app.seller,
    fieldCipher: app.fieldCipher,
    clock: app.clock,
    webhookPrivateTargets: app.webhooks.privateTargets,
    pageUrl: () => null,
    requestId: crypto.randomUUID(),
    cookies: { get: () => undefined, set: () => undefined },
  });
}

/** A claim form that passes every check (employeeApp.claim's `details`): a made-up person, a valid SEB account. */
export const TEST_CLAIM_DETAILS = {
  name: "Test Person",
  street: "Testgatan 2",
  postal_code: "111 22",
  city: "Stockholm",
  identity_number: "19900101-1239",
  clearing_number: "5000",
  account_number: "1234560",
};
