/**
 * The request log's own CPU per request, in this process and in PostgreSQL: the record the /v2/ edge hands the
 * writer for a 2xx request (`add`), and the writer's batches (rows, COPY text, the COPY itself) into the real
 * table with its indexes, against nothing. As for the limiter (limiter-cpu.ts): a shared machine moves a server's
 * req/s by more than this costs, while one process's CPU time for a fixed piece of work, and its database
 * backend's, move far less.
 */
import crypto from "node:crypto";
import { openDatabase } from "../../src/db/database";
import { findOrCreateAccount } from "../../src/domain/accounts/account-service";
import { insertRequestLogs } from "../../src/domain/request-log/request-log-service";
import { RequestLogWriter, type RequestRecord } from "../../src/http/request-log-writer";
import { createLogger } from "../../src/log";
import { backendCpuSpent, backendCpuUs } from "./process-cpu";

export interface RequestLogCpu {
  /** Medians over the rounds, µs per record: this process, and the database's backends. */
  serverUs: number;
  postgresUs: number;
}

/** `n` records of 2xx retrieves, as the edge makes them, through a writer with the server's defaults; CPU per record. */
async function oneRound(writer: RequestLogWriter, server: string, database: string, accountPk: string, n: number): Promise<[number, number]> {
  const apiKeyPk = crypto.randomUUID();
  const pgBefore = await backendCpuUs(server, [database]);
  const started = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const record: RequestRecord = {
      accountPk,
      environment: "demo",
      apiKeyPk,
      userId: null,
      method: "GET",
      url: `/v2/employees/${crypto.randomUUID()}/`,
      route: "/v2/employees/{id}/",
      status: 200,
      durationMs: 4.2,
      requestId: crypto.randomUUID(),
      idempotencyKey: null,
      clientIp: "127.0.0.1",
      userAgent: "autocannon",
      createdAt: new Date(),
      requestBody: null,
      responseBody: null,
    };
    writer.add(record);
    // A server hands over a few hundred records a batch (200 ms at 2,000 req/s): batches of 400, each written before
    // the next (the buffer would otherwise fill and drop, as it is meant to).
    if (i % 400 === 399) await writer.flush();
  }
  await writer.flush();
  const used = process.cpuUsage(started);
  const pgUs = backendCpuSpent(pgBefore, await backendCpuUs(server, [database]));
  return [(used.user + used.system) / n, pgUs / n];
}

export async function requestLogCpu(url: string, rounds: number, n = 50_000): Promise<RequestLogCpu> {
  const db = await openDatabase({ driver: "pg", url, poolSize: 2 });
  const server = url.slice(0, url.lastIndexOf("/"));
  const database = new URL(url).pathname.slice(1);
  let dropped = 0;
  const writer = new RequestLogWriter({
    insert: (rows) => insertRequestLogs(db.prisma, rows),
    log: createLogger("warn"),
    onDrop: (_reason, count) => (dropped += count),
  });
  try {
    const account = await findOrCreateAccount(db.prisma, "Bench AB");
    await oneRound(writer, server, database, account.pk, n); // warm-up
    const serverUs: number[] = [];
    const postgresUs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const [s, p] = await oneRound(writer, server, database, account.pk, n);
      serverUs.push(s);
      postgresUs.push(p);
    }
    if (dropped) throw new Error(`the request log dropped ${dropped} records while measured`);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { serverUs: median(serverUs), postgresUs: median(postgresUs) };
  } finally {
    await writer.close();
    await db.close();
  }
}
