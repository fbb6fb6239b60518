/** `npm start`: opens the database (applying migrations), then serves the API and the dashboard. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import next from "next";
import { createAuth } from "@/auth/auth";
import { env } from "@/config/env";
import { allowedHosts, publicUrl as publicUrlOf, requireOperatorTwoFactor } from "@/config/public-origin";
import { sellerSettings } from "@/config/seller";
import { mailSender } from "@/config/mail-sender";
import { encryptionKeys } from "@/config/encryption-keys";
import { createFieldCipher } from "@/domain/shared/field-encryption";
import { databaseOptionsFromEnv, openDatabase, sessionUrl } from "@/db/database";
import { migrationNames } from "@/db/migrate";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { createMailer } from "@/domain/notifications/mailer";
import { systemClock } from "@/domain/shared/clock";
import { insertRequestLogs } from "@/domain/request-log/request-log-service";
import { RequestLogWriter } from "@/http/request-log-writer";
import { rateLimitStore } from "@/http/limit-stores";
import { createLogger } from "@/log";
import { runRetention } from "@/server/retention";
import { jobHandlers } from "@/worker/job-registry";
import { postgresJobListener } from "@/worker/job-wakeup";
import { OutboxWorker } from "@/worker/worker";
import { createAppHandler } from "./app-server";
import { drainAndClose } from "./graceful-shutdown";
import { startMetricsServer } from "./metrics";
import { Readiness } from "./readiness";
import { RequestActivity } from "./request-activity";
import { WorkerProcess } from "./worker-process";
import { createHttpServer, limitsFromEnv } from "./http-server";
import { warnOfSeller } from "./seller-warning";

async function main(): Promise<void> {
  const config = env();
  const log = createLogger(config.LOG_LEVEL);
  const mailFrom = mailSender(config); // before the database: a refused setting changes nothing
  // Before the database: without a key (DATABASE_URL and no DATA_ENCRYPTION_KEY) the start is refused at once.
  const keys = encryptionKeys(config, { generate: true });
  if (keys.generated) log.warn({ keyFile: keys.keyFile }, "generated DATA_ENCRYPTION_KEY for the embedded database; back this file up with the data folder");
  else if (keys.keyFile) log.info({ keyFile: keys.keyFile }, "encryption key read from the data folder");
  const fieldCipher = createFieldCipher(keys.current, keys.old);
  log.info({ keyId: fieldCipher.currentKeyId, oldKeys: keys.old.length }, "encryption at rest ready");
  const db = await openDatabase(databaseOptionsFromEnv(config, "npm start"));
  log.info({ database: db.description }, "database ready");

  const publicUrl = publicUrlOf(config);
  // Rate-limit counters: Redis with REDIS_URL, else PostgreSQL with DATABASE_URL, else this process's memory.
  const limits = rateLimitStore(config.REDIS_URL, db.pool);
  await limits.ready();
  log.info({ store: limits.store.kind }, "rate-limit counters");
  const throttle = {
    settings: {
      maxFailures: config.SIGNIN_MAX_FAILURES,
      lockoutMinutes: config.SIGNIN_LOCKOUT_MINUTES,
      addressMaxFailures: config.SIGNIN_ADDRESS_MAX_FAILURES,
      addressBurst: config.SIGNIN_ADDRESS_BURST,
    },
    store: limits.store,
    log,
  };
  const sessionTimes = { lifetimeSeconds: config.SESSION_LIFETIME_SECONDS, warningSeconds: config.SESSION_WARNING_SECONDS };
  const auth = await createAuth(db.prisma, {
    secret: config.AUTH_SECRET,
    baseURL: publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    throttle,
    clock: systemClock,
    session: sessionTimes,
  });
  const nextApp = next({ dev: false, dir: path.resolve("."), hostname: config.HOST, port: config.PORT });
  // Next.js replaces the global Date while it prepares (next/dist/server/node-environment-extensions/date.js)
  // so that prerenders with `cacheComponents` notice clock reads; this app does not enable that, and the
  // wrapper made every Date of the API path (rows' timestamps, Date.now()) a reflective call and an
  // async-storage lookup. The process keeps the native one.
  const nativeDate = Date;
  await nextApp.prepare();
  globalThis.Date = nativeDate;
  const nextHandler = nextApp.getRequestHandler();

  const webhooks = {
    privateTargets: config.WEBHOOK_PRIVATE_TARGETS,
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    disableAfterMinutes: config.WEBHOOK_DISABLE_AFTER_MINUTES,
  };
  const outbox = { leaseSeconds: config.OUTBOX_LEASE_SECONDS, retryBaseMs: config.OUTBOX_RETRY_BASE_MS };
  const bankgiro = config.BANKGIRO ?? null;
  const { seller, missing } = sellerSettings(config);
  warnOfSeller(log, seller, missing);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR, from: mailFrom, clock: systemClock });
  const metrics = config.METRICS_PORT ? await startMetricsServer({ db: db.prisma, pool: db.pool, log }, config.METRICS_PORT, config.METRICS_HOST) : null;
  // The outbox worker (WORKER=1): by default in this process, yielding to requests (WORKER_REQUEST_SHARE), woken
  // by LISTEN/NOTIFY on PostgreSQL, and embedded one batch at a time (the database is this process's), woken after each write
  // (afterWrite). WORKER_MODE=child on PostgreSQL: a child process (dist/worker.js) with its own event loop.
  const workerScript = fileURLToPath(new URL("./worker.js", import.meta.url));
  const activity = new RequestActivity();
  const budget = { busy: () => activity.busy(), share: config.WORKER_REQUEST_SHARE };
  const childWorker =
    config.WORKER && db.driver === "pg" && config.WORKER_MODE === "child" && fs.existsSync(workerScript)
      ? new WorkerProcess(workerScript, log, metrics?.metrics)
      : null;
  const listenUrl = sessionUrl(config);
  const inProcessWorker =
    config.WORKER && !childWorker
      ? new OutboxWorker(
          { db: db.prisma, mailer, publicUrl, webhooks, outbox, bankgiro, seller, clock: systemClock, observe: metrics?.metrics },
          listenUrl
            ? { handlers: jobHandlers, log, budget, listen: postgresJobListener(listenUrl, log) }
            : { handlers: jobHandlers, log, budget, batchSize: 100, parallelBatches: 1 },
        )
      : null;
  childWorker?.start();
  inProcessWorker?.start();
  const worker = childWorker ?? inProcessWorker;
  if (childWorker) log.info({ pid: childWorker.pid }, "outbox worker running in a child process");
  if (inProcessWorker) log.info({ worker: inProcessWorker.id, mail: mailer.description }, "outbox worker running in this process");
  if ((await db.prisma.user.count()) === 0) {
    log.warn(
      "No dashboard users yet. Stop the server and run: npm run --silent cli -- users create --email you@example.com --password '<10+ chars>' --account <name>",
    );
  }

  // The request log: written off the request path in batches; what it cannot keep up with is dropped and counted.
  const requestLog = config.REQUEST_LOG
    ? new RequestLogWriter({
        insert: (rows) => insertRequestLogs(db.prisma, rows),
        log,
        onDrop: metrics ? (reason, count) => metrics.metrics.requestLogDropped(reason, count) : undefined,
      })
    : null;
  const readiness = new Readiness({ db: db.prisma, migrations: migrationNames(), worker, heartbeatMaxAgeMs: config.WORKER_HEARTBEAT_MAX_AGE_MS });
  const handler = createAppHandler({
    db: db.prisma,
    readiness,
    metrics: metrics?.metrics,
    auth,
    log,
    trustProxyHops: config.TRUST_PROXY,
    httpsRedirect: config.HTTPS_REDIRECT,
    publicUrl,
    allowedHosts: allowedHosts(config),
    webhookPrivateTargets: webhooks.privateTargets,
    bankgiro,
    seller,
    fieldCipher,
    clock: systemClock,
    requestLog,
    requireOperatorTwoFactor: requireOperatorTwoFactor(config),
    sessionWarningSeconds: sessionTimes.warningSeconds,
    afterWrite: () => inProcessWorker?.poke(),
    rateLimits: config.RATE_LIMITS
      ? {
          settings: {
            perKey: { live: config.RATE_LIMIT_LIVE, demo: config.RATE_LIMIT_DEMO },
            perAccount: { live: config.RATE_LIMIT_ACCOUNT_LIVE, demo: config.RATE_LIMIT_ACCOUNT_DEMO },
            concurrency: config.RATE_LIMIT_CONCURRENCY,
            writeConcurrency: config.RATE_LIMIT_WRITE_CONCURRENCY,
            writeShare: config.RATE_LIMIT_WRITE_SHARE,
            loopBusyMax: config.RATE_LIMIT_WRITE_LOOP_MAX,
            queue: config.RATE_LIMIT_QUEUE,
          },
          store: limits.store,
        }
      : null,
    next: (req, res) => nextHandler(req, res),
  });
  // Requests are counted only for an in-process worker's budget: with WORKER=0 or a child, they pay nothing for it.
  const listener: Parameters<typeof createHttpServer>[0] = inProcessWorker
    ? (req, res) => {
        activity.track(res);
        void handler(req, res);
      }
    : (req, res) => void handler(req, res);
  const server = createHttpServer(listener, limitsFromEnv(config));
  await new Promise<void>((resolve) => server.listen(config.PORT, config.HOST, resolve));
  log.info({ url: `http://${config.HOST}:${config.PORT}` }, "Payroute is listening");

  // Hourly housekeeping: every table that grows with traffic keeps only its retention (src/server/retention.ts).
  const purge = setInterval(
    () =>
      void runRetention(db.prisma, config, systemClock.now())
        .then((removed) => log.info({ removed }, "retention"))
        .catch((e) => log.warn({ err: e }, "purge failed")),
    3600_000,
  );
  purge.unref();

  let stopping = false;
  const skipDrain = new AbortController();
  const stop = async (signal: string) => {
    // A second signal while draining: stop waiting for the load balancer.
    if (stopping) return skipDrain.abort();
    stopping = true;
    log.info({ signal }, "shutting down");
    clearInterval(purge);
    // SIGTERM comes from a supervisor during a rolling restart: let the load balancer see /readyz fail first.
    // SIGINT is someone at a terminal: no wait.
    const drainMs = signal === "SIGTERM" ? config.SHUTDOWN_DRAIN_MS : 0;
    await drainAndClose(server, { readiness, drainMs, log, signal: skipDrain.signal });
    await requestLog?.close(); // the records of the last requests, before the database closes
    await worker?.stop();
    mailer.close?.();
    await metrics?.close();
    await limits.close();
    await db.close(); // closes PGlite cleanly and releases the data-folder lock
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError) {
    console.error(`payroute: ${e.message}`);
    process.exit(2);
  }
  console.error(e);
  process.exit(1);
});
