/** `npm run worker`: the outbox worker alone (run any number of them beside `WORKER=0 npm start`). */
import { env } from "@/config/env";
import { publicUrl } from "@/config/public-origin";
import { sellerSettings } from "@/config/seller";
import { mailSender } from "@/config/mail-sender";
import { databaseOptionsFromEnv, openDatabase, sessionUrl } from "@/db/database";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { createMailer } from "@/domain/notifications/mailer";
import { systemClock } from "@/domain/shared/clock";
import type { JobObserver } from "@/domain/outbox/job-handlers";
import { createLogger } from "@/log";
import { startMetricsServer } from "@/server/metrics";
import type { WorkerMessage } from "@/server/worker-process";
import { warnOfSeller } from "@/server/seller-warning";
import { jobHandlers } from "./job-registry";
import { postgresJobListener } from "./job-wakeup";
import { OutboxWorker } from "./worker";

async function main(): Promise<void> {
  const config = env();
  const log = createLogger(config.LOG_LEVEL);
  const mailFrom = mailSender(config);
  const db = await openDatabase(databaseOptionsFromEnv(config, "npm run worker"));
  const { seller, missing } = sellerSettings(config);
  warnOfSeller(log, seller, missing);
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR, from: mailFrom, clock: systemClock });
  // Started by `npm start` (an IPC channel): its /metrics counts this worker's webhook attempts.
  const parent = process.send?.bind(process);
  const metrics =
    config.METRICS_PORT && !parent ? await startMetricsServer({ db: db.prisma, pool: db.pool, log }, config.METRICS_PORT, config.METRICS_HOST) : null;
  const observe: JobObserver | undefined = parent
    ? { webhookAttempt: (outcome, seconds) => void parent({ type: "webhookAttempt", outcome, seconds } satisfies WorkerMessage) }
    : metrics?.metrics;
  const listenUrl = sessionUrl(config);
  const worker = new OutboxWorker(
    {
      db: db.prisma,
      mailer,
      publicUrl: publicUrl(config),
      webhooks: {
        privateTargets: config.WEBHOOK_PRIVATE_TARGETS,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
        disableAfterMinutes: config.WEBHOOK_DISABLE_AFTER_MINUTES,
      },
      outbox: { leaseSeconds: config.OUTBOX_LEASE_SECONDS, retryBaseMs: config.OUTBOX_RETRY_BASE_MS },
      bankgiro: config.BANKGIRO ?? null,
      seller,
      clock: systemClock,
      observe,
    },
    // PostgreSQL: woken at commit on any instance; embedded, one process: this worker is the only one and polls.
    { handlers: jobHandlers, log, listen: listenUrl ? postgresJobListener(listenUrl, log) : null },
  );
  worker.start();
  log.info({ worker: worker.id, database: db.description, mail: mailer.description }, "worker started");
  let stopping = false;
  let beats: NodeJS.Timeout | undefined;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(beats);
    log.info({ signal }, "worker stopping");
    await worker.stop();
    mailer.close?.();
    await metrics?.close();
    await db.close();
    process.exit(0);
  };
  // Started by `npm start`: report the heartbeat for its /readyz, and end with it.
  if (parent) {
    const beat = () => void parent({ type: "heartbeat", at: worker.heartbeat()?.getTime() ?? null } satisfies WorkerMessage);
    beat();
    beats = setInterval(beat, 1_000);
    process.on("disconnect", () => void stop("parent exited"));
  }
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? `payroute: ${e.message}` : e);
  process.exit(e instanceof DataDirLockedError ? 2 : 1);
});
