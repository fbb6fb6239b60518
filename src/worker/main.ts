/** `npm run worker`: the outbox worker alone (run any number of them beside `WORKER=0 npm start`). */
import { env } from "@/config/env";
import { publicUrl } from "@/config/public-origin";
import { databaseOptionsFromEnv, openDatabase } from "@/db/database";
import { DataDirLockedError } from "@/db/data-dir-lock";
import { createMailer } from "@/domain/notifications/mailer";
import { createLogger } from "@/log";
import { startMetricsServer } from "@/server/metrics";
import { OutboxWorker } from "./worker";

async function main(): Promise<void> {
  const config = env();
  const log = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(databaseOptionsFromEnv(config, "npm run worker"));
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR, from: config.MAIL_FROM });
  const metrics = config.METRICS_PORT ? await startMetricsServer({ db: db.prisma, pool: db.pool, log }, config.METRICS_PORT, config.METRICS_HOST) : null;
  const worker = new OutboxWorker(
    {
      db: db.prisma,
      mailer,
      publicUrl: publicUrl(config),
      webhooks: { privateTargets: config.WEBHOOK_PRIVATE_TARGETS, timeoutMs: config.WEBHOOK_TIMEOUT_MS },
      observe: metrics?.metrics,
    },
    { log },
  );
  worker.start();
  log.info({ worker: worker.id, database: db.description, mail: mailer.description }, "worker started");
  const stop = async (signal: string) => {
    log.info({ signal }, "worker stopping");
    await worker.stop();
    await metrics?.close();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((e: unknown) => {
  console.error(e instanceof DataDirLockedError ? `payroute: ${e.message}` : e);
  process.exit(e instanceof DataDirLockedError ? 2 : 1);
});
