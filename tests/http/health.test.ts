/**
 * /healthz (the process answers) and /readyz (database, migrations, worker heartbeat, shutting down), and
 * the drain on SIGTERM: /readyz turns 503 while requests are still served, then the server closes.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { enqueueJob, type ClaimedJob } from "@/domain/outbox/outbox-service";
import { single } from "@/domain/outbox/job-handlers";
import { startTestApp, type TestApp } from "../support/test-app";

interface ReadyBody {
  status: string;
  failed: string[];
  checks: Record<string, string>;
}

async function readyz(app: TestApp, headers: Record<string, string> = {}): Promise<{ status: number; body: ReadyBody }> {
  const res = await fetch(`${app.url}/readyz`, { headers });
  return { status: res.status, body: (await res.json()) as ReadyBody };
}

describe("/healthz and /readyz", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("both answer 200 JSON on any Host, also to HEAD", async () => {
    const health = await fetch(`${app.url}/healthz`, { headers: { Host: "10.0.0.7:3000" } });
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await readyz(app, { Host: "10.0.0.7:3000" });
    expect(ready).toEqual({ status: 200, body: { status: "ok", failed: [], checks: { database: "ok", migrations: "ok" } } });
    const head = await fetch(`${app.url}/readyz`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("cache-control")).toBe("no-store");
    expect(await head.text()).toBe("");
  });

  it("a migration this build ships that the database has not applied: 503 naming it", async () => {
    const [last] = await app.db.$queryRawUnsafe<{ migration_name: string }[]>(
      `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name DESC LIMIT 1`,
    );
    await app.db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1`, last.migration_name);
    try {
      const { status, body } = await readyz(app);
      expect(status).toBe(503);
      expect(body.failed).toEqual(["migrations"]);
      expect(body.checks.migrations).toBe(`not applied: ${last.migration_name}`);
      expect(body.checks.database).toBe("ok");
    } finally {
      await app.db.$executeRawUnsafe(`UPDATE "_prisma_migrations" SET rolled_back_at = NULL WHERE migration_name = $1`, last.migration_name);
    }
    expect((await readyz(app)).status).toBe(200);
  });
});

describe("/readyz with the worker in the process (WORKER=1)", () => {
  let app: TestApp;
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let started = () => undefined as void;
  const running = new Promise<void>((resolve) => (started = resolve));
  // Holds the worker's loop until the test releases it.
  const hold = single(async (job: ClaimedJob, ctx) => {
    started();
    await held;
    await ctx.db.outboxJob.update({ where: { pk: job.pk }, data: { completedAt: new Date(), lockedUntil: null } });
  });
  beforeAll(async () => {
    app = await startTestApp({ worker: { heartbeatMaxAgeMs: 1_000 }, jobs: { "test.hold": hold } });
  });
  afterAll(() => app.close());

  it("is ready while the loop goes round; 503 'worker' while a job holds it past the limit, ready again after", async () => {
    expect((await readyz(app)).body.checks.worker).toBe("ok");
    // The heartbeat and its age are read from Date, which alone is faked: the loop's sleeps, the sockets and the
    // database run in real time, and the clock moves only when the test moves it.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      await app.db.$transaction((tx) => enqueueJob(tx, { kind: "test.hold", payload: {}, runAt: new Date() }));
      app.worker.poke();
      await running;
      // heartbeatMaxAgeMs is 1,000: a heartbeat that old is still fresh, a millisecond more is not.
      vi.setSystemTime(Date.now() + 1_000);
      expect(await readyz(app)).toMatchObject({ status: 200, body: { checks: { worker: "ok" } } });
      vi.setSystemTime(Date.now() + 1);
      const stuck = await readyz(app);
      expect(stuck.status).toBe(503);
      expect(stuck.body.failed).toEqual(["worker"]);
      expect(stuck.body.checks.worker).toBe("heartbeat 1 s old");
      vi.setSystemTime(Date.now() + 60_000);
      expect((await readyz(app)).body.checks.worker).toBe("heartbeat 61 s old");
      release();
      await expect.poll(async () => (await readyz(app)).status, { timeout: 5_000 }).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it("a stopped worker: 503 'not running'", async () => {
    await app.worker.stop();
    const { status, body } = await readyz(app);
    expect(status).toBe(503);
    expect(body.checks.worker).toBe("not running");
  });
});

describe("shutdown (SIGTERM)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("/readyz turns 503 at once while requests are still served (Connection: close), then the server stops accepting", async () => {
    const { key } = await app.newKey();
    const stopped = app.shutdown(800);
    const ready = await readyz(app);
    expect(ready.status).toBe(503);
    expect(ready.body.failed).toEqual(["shutdown"]);
    expect(ready.body.checks.shutdown).toBe("shutting down");
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
    const served = await app.api("/v2/integrations/", { key });
    expect(served.status).toBe(200);
    expect(served.headers.get("connection")).toBe("close");
    await stopped;
    await expect(fetch(`${app.url}/healthz`)).rejects.toThrow();
  });
});

describe("/readyz when the database is gone", () => {
  it("503 naming the database", async () => {
    const app = await startTestApp();
    try {
      await app.database.close();
      const { status, body } = await readyz(app);
      expect(status).toBe(503);
      expect(body.failed).toContain("database");
      expect(body.checks.database).not.toBe("ok");
    } finally {
      await app.close();
    }
  });
});
