/**
 * The in-process worker's scheduling budget (RequestBudget): while requests are being served and keep the event
 * loop busy, batches run one at a time and each is followed by rest in proportion to its length; once the requests
 * stop, the rest ends and the backlog runs at full speed; while they leave the loop idle, the rest ends early.
 * Timings are lower bounds (a slow machine only lengthens them), but for the rest with an idle loop, bounded far
 * below the rest it would otherwise be.
 */
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "@/db/database";
import { Statement, sqlIn } from "@/db/query-builder";
import { single } from "@/domain/outbox/job-handlers";
import { addJob } from "@/domain/outbox/outbox-service";
import { createLogger } from "@/log";
import { OutboxWorker, type RequestBudget } from "@/worker/worker";
import { systemClock } from "@/domain/shared/clock";
import { createPgDatabase, TEST_DB } from "../support/test-app";

const KIND = "test.budgeted";
/** Jobs of the test where no requests keep the event loop busy. */
const WAITING_KIND = "test.budgeted-waiting";
const BATCH_MS = 40;
const WAIT_MS = 100;
/** Each job's start and end (ms), in the order they ran. */
const ran: { start: number; end: number }[] = [];
const waited: { start: number; end: number }[] = [];
/** A job that takes `ms` on a timer and records its start and end in `runs`. */
const timedJob = (ms: number, runs: { start: number; end: number }[]) =>
  single(async () => {
    const start = Date.now();
    await new Promise((r) => setTimeout(r, ms));
    runs.push({ start, end: Date.now() });
  });
const handlers = { [KIND]: timedJob(BATCH_MS, ran), [WAITING_KIND]: timedJob(WAIT_MS, waited) };

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function database(): Promise<Database> {
  if (TEST_DB !== "pg") return openDatabase({ driver: "pglite", dataDir: "memory://", command: "test" });
  const pg = await createPgDatabase();
  cleanups.push(pg.drop);
  return openDatabase({ driver: "pg", url: pg.url, poolSize: 3 });
}

async function enqueue(db: Database, count: number, kind = KIND): Promise<void> {
  await db.prisma.$transaction(async (tx) => {
    const statement = new Statement();
    for (let i = 0; i < count; i++) addJob(statement, { kind, payload: { i }, runAt: new Date() });
    await statement.run(sqlIn(tx));
  });
}

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
};

describe("in-process worker budget", () => {
  it("rests between batches while reads are served, and runs at full speed once they stop", async () => {
    const db = await database();
    cleanups.push(() => db.close());
    await enqueue(db, 8);
    let reading = true;
    // The requests' work: 9 ms of every 10 on the event loop.
    const requests = setInterval(() => {
      const end = Date.now() + 9;
      let spins = 0;
      while (Date.now() < end) spins++;
      return spins;
    }, 10);
    cleanups.push(async () => clearInterval(requests));
    const share = 0.25;
    startWorker(db, { busy: () => reading, share });
    await until(() => ran.length >= 3, 10_000);
    const busy = ran.slice(0, 3);
    // One at a time, and after a batch of ~40 ms at least 3 × 40 ms of rest (share 0.25) before the next.
    for (let i = 1; i < busy.length; i++) {
      expect(busy[i].start).toBeGreaterThanOrEqual(busy[i - 1].end);
      expect(busy[i].start - busy[i - 1].start).toBeGreaterThanOrEqual(BATCH_MS / share - 5);
    }
    reading = false;
    clearInterval(requests);
    const stoppedAt = Date.now();
    await until(() => ran.length === 8, 10_000);
    expect(ran).toHaveLength(8);
    // Two batches at a time with no rest: the rest 5 jobs end long before five rested batches would (5 × 160 ms).
    expect(Date.now() - stoppedAt).toBeLessThan((5 * BATCH_MS) / share);
    const overlapped = ran.slice(3).some((r, i, rest) => i > 0 && r.start < rest[i - 1].end);
    expect(overlapped).toBe(true);
  });

  it("does not rest while the requests being served leave the event loop idle", async () => {
    const db = await database();
    cleanups.push(() => db.close());
    await enqueue(db, 4, WAITING_KIND);
    const share = 0.25;
    startWorker(db, { busy: () => true, share });
    await until(() => waited.length >= 4, 10_000);
    expect(waited).toHaveLength(4);
    // Resting would be at least 3 × 100 ms between one job's end and the next's start; with the loop idle the
    // rest ends at the worker's first look (20 ms).
    for (let i = 1; i < waited.length; i++) {
      expect(waited[i].start).toBeGreaterThanOrEqual(waited[i - 1].end);
      expect(waited[i].start - waited[i - 1].end).toBeLessThan(((1 - share) / share) * WAIT_MS * 0.66);
    }
  });
});

function startWorker(db: Database, budget: RequestBudget): void {
  const worker = new OutboxWorker(
    {
      db: db.prisma,
      mailer: { description: "none", send: async () => undefined },
      publicUrl: "http://test.invalid",
      webhooks: { privateTargets: "none", timeoutMs: 1_000, disableAfterMinutes: 4320 },
      outbox: { leaseSeconds: 60, retryBaseMs: 10_000 },
      bankgiro: null,
      seller: null,
      clock: systemClock,
    },
    { handlers, log: createLogger("silent"), batchSize: 1, parallelBatches: 2, idleMs: 50, budget },
  );
  worker.start();
  cleanups.push(() => worker.stop());
}
