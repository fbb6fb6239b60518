/**
 * The API alone in a process of its own, for tests that kill it (`node --import tsx tests/support/api-server.ts`):
 * the request handler `npm start` serves, without the Next.js dashboard, the worker or sign-in, on the
 * database of DATABASE_URL (PostgreSQL) or DATA_DIR (embedded). It prints `listening <port>` once it serves,
 * and closes the database on SIGTERM (an embedded data folder is then free for the next process).
 */
import type { AddressInfo } from "node:net";
import { allowedHosts } from "@/config/public-origin";
import { openDatabase } from "@/db/database";
import { migrationNames } from "@/db/migrate";
import { systemClock } from "@/domain/shared/clock";
import { createLogger } from "@/log";
import { createAppHandler } from "@/server/app-server";
import { createHttpServer, DEFAULT_LIMITS } from "@/server/http-server";
import { Readiness } from "@/server/readiness";
import { TEST_CIPHER, TEST_SELLER } from "./test-app";

const url = process.env.DATABASE_URL;
const dataDir = process.env.DATA_DIR;
if (!url && !dataDir) throw new Error("api-server: set DATABASE_URL or DATA_DIR");
const database = await openDatabase(
  url
    ? { driver: "pg", url, directUrl: process.env.DATABASE_DIRECT_URL || undefined, poolSize: 5 }
    : { driver: "pglite", dataDir: dataDir ?? "", command: "test api-server" },
);
const log = createLogger(process.env.LOG_LEVEL ?? "silent");
const server = createHttpServer((req, res) => void handler(req, res), { ...DEFAULT_LIMITS, maxConnectionsPerIp: 0 });
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const port = (server.address() as AddressInfo).port;
const publicUrl = `http://127.0.0.1:${port}`;
const handler = createAppHandler({
  db: database.prisma,
  auth: null,
  log,
  trustProxyHops: 0,
  httpsRedirect: false,
  publicUrl,
  allowedHosts: allowedHosts({ PUBLIC_URL: publicUrl, ALLOWED_HOSTS: undefined, HOST: "127.0.0.1", PORT: port }),
  webhookPrivateTargets: "demo",
  bankgiro: null,
  seller: TEST_SELLER,
  fieldCipher: TEST_CIPHER,
  clock: systemClock,
  readiness: new Readiness({ db: database.prisma, migrations: migrationNames(), worker: null, heartbeatMaxAgeMs: 60_000 }),
});
process.stdout.write(`listening ${port}\n`);

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void database.close().then(() => process.exit(0));
});
