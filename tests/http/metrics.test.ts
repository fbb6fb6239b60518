/**
 * /metrics (METRICS_PORT): Prometheus text on a listener of its own; requests by route template and
 * status, rate-limit refusals, outbox backlog read at scrape time, webhook attempts, the pool on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrationBody, startTestApp, TEST_DB, type TestApp } from "../support/test-app";
import { startReceiver, type Receiver } from "../support/webhook-receiver";

let app: TestApp;
let receiver: Receiver;
let key: string;
const H = { "Integration-ID": "m-int" };

beforeAll(async () => {
  app = await startTestApp({
    metrics: true,
    webhookPrivateTargets: "demo",
    rateLimits: { perKey: { live: 3, demo: 1_000 }, perAccount: { live: 1_000, demo: 1_000 }, concurrency: 8, queue: 64, windowSeconds: 60 },
  });
  receiver = await startReceiver();
  ({ key } = await app.newKey("demo")); // demo: its webhooks may reach the local receiver
  await app.json("/v2/integrations/", { method: "POST", key, body: integrationBody({ id: "m-int" }) });
});
afterAll(async () => {
  await receiver?.close();
  await app?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(app.metricsUrl ?? "");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one series, e.g. sample(text, 'payroute_outbox_backlog{kind="x"}'); null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe("the metrics listener", () => {
  it("serves /metrics only; the public port has no /metrics", async () => {
    const base = (app.metricsUrl ?? "").replace(/\/metrics$/, "");
    expect((await fetch(`${base}/`)).status).toBe(404);
    expect((await fetch(`${base}/v2/`)).status).toBe(404);
    expect((await fetch(`${app.url}/metrics`)).status).toBe(404);
    expect(await scrape()).toContain("# TYPE payroute_http_requests_total counter");
  });
});

describe("requests", () => {
  it("counted by route template and status, never by raw path", async () => {
    for (const id of ["m-int", "m-int", "no-such-one"]) await app.api(`/v2/integrations/${id}/`, { key });
    const text = await scrape();
    expect(sample(text, 'payroute_http_requests_total{method="GET",route="/v2/integrations/{integration_id}/",status="200"}')).toBe(2);
    expect(sample(text, 'payroute_http_requests_total{method="GET",route="/v2/integrations/{integration_id}/",status="404"}')).toBe(1);
    expect(sample(text, 'payroute_http_request_duration_seconds_count{method="GET",route="/v2/integrations/{integration_id}/",status="200"}')).toBe(2);
    expect(text).not.toContain("no-such-one");
    expect(text).not.toMatch(/route="\/v2\/integrations\/m-int/);
  });

  it("unknown paths share one label", async () => {
    await app.api("/v2/nothing-here/12345/", { key });
    await app.api("/api/trpc/nope.nothing");
    const text = await scrape();
    expect(text).toMatch(/route="\/v2\/\{unknown\}"/);
    expect(text).toMatch(/route="\/api\/trpc\/\{unknown\}"/);
    // In no label: a sample's value (CPU seconds, bytes) may well contain the digits.
    expect(text).not.toMatch(/\{[^}]*12345[^}]*\}/);
    expect(text).not.toContain("nope.nothing");
  });

  it("rate-limit refusals of /v2/ are counted; a 429 of another kind is not", async () => {
    const { key: live } = await app.newKey("live"); // 3 requests per window in this app
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.api("/v2/integrations/", { key: live })).status);
    const refused = statuses.filter((s) => s === 429).length;
    expect(refused).toBe(2);
    // A resend too soon is a 429 of the domain (Retry-After), not a rate limit.
    const employee = await app.json<{ id: string }>("/v2/employees/", {
      method: "POST",
      key,
      headers: H,
      body: { name: "R", email: "r@example.se", country: "SWE" },
    });
    const resends = [];
    for (let i = 0; i < 2; i++) resends.push((await app.api(`/v2/employees/${employee.body.id}/resend/`, { method: "PATCH", key, headers: H })).status);
    expect(resends).toContain(429);
    const text = await scrape();
    expect(sample(text, 'payroute_rate_limit_refusals_total{surface="v2"}')).toBe(refused);
    expect(sample(text, 'payroute_http_requests_total{method="GET",route="/v2/integrations/",status="429"}')).toBe(refused);
  });
});

describe("outbox and webhooks", () => {
  it("backlog and oldest job age per kind are read at scrape time; webhook attempts by outcome", async () => {
    for (const path of ["/ok", "/bad"]) {
      const hook = await app.json("/v2/webhooks/", { method: "POST", key, headers: H, body: { url: `${receiver.url}${path}`, events: ["Employee.created"] } });
      expect(hook.status).toBe(201);
    }
    receiver.respond = ({ path }) => (path === "/bad" ? 500 : 200);
    const created = await app.json("/v2/employees/", { method: "POST", key, headers: H, body: { name: "M", email: "m@example.se", country: "SWE" } });
    expect(created.status).toBe(201);
    const before = await scrape();
    const kinds = [...before.matchAll(/^payroute_outbox_backlog\{kind="([^"]+)"\} (\d+)$/gm)].map((m) => ({ kind: m[1], n: Number(m[2]) }));
    const waiting = await app.db.outboxJob.groupBy({ by: ["kind"], where: { completedAt: null, failedAt: null }, _count: true });
    expect(kinds.filter((k) => k.n > 0).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual(
      waiting.map((w) => ({ kind: w.kind, n: w._count })).sort((a, b) => a.kind.localeCompare(b.kind)),
    );
    expect(waiting.map((w) => w.kind).sort()).toEqual(["employee.notify", "webhook.deliver"]);
    expect(sample(before, "payroute_database_up")).toBe(1);
    // The age is the database's clock less the oldest created_at of the kind: with the jobs set 10 and 20 minutes
    // back (one of the two deliveries then a minute younger, so the oldest must count), the scrape a moment
    // later reads 600 and 1,200 seconds and a little.
    const setBack = (kind: string, seconds: number) =>
      app.db
        .$executeRaw`UPDATE outbox_job SET created_at = now() - make_interval(secs => ${seconds}) WHERE kind = ${kind} AND completed_at IS NULL AND failed_at IS NULL`;
    await setBack("employee.notify", 600);
    await setBack("webhook.deliver", 1_200);
    await app.db
      .$executeRaw`UPDATE outbox_job SET created_at = created_at + interval '1 minute' WHERE pk = (SELECT pk FROM outbox_job WHERE kind = 'webhook.deliver' AND completed_at IS NULL AND failed_at IS NULL LIMIT 1)`;
    const aged = await scrape();
    for (const [kind, seconds] of [
      ["employee.notify", 600],
      ["webhook.deliver", 1_200],
    ] as const) {
      const age = sample(aged, `payroute_outbox_oldest_job_age_seconds{kind="${kind}"}`);
      expect(age, kind).toBeGreaterThanOrEqual(seconds);
      expect(age, kind).toBeLessThan(seconds + 10);
    }

    await app.drainJobs(); // the failed delivery is retried later (not due yet): still in the backlog
    const after = await scrape();
    expect(sample(after, 'payroute_webhook_attempts_total{outcome="success"}')).toBe(1);
    expect(sample(after, 'payroute_webhook_attempts_total{outcome="http_error"}')).toBe(1);
    expect(sample(after, 'payroute_webhook_attempt_duration_seconds_count{outcome="success"}')).toBe(1);
    const left = await app.db.outboxJob.count({ where: { completedAt: null, failedAt: null } });
    const reported = [...after.matchAll(/^payroute_outbox_backlog\{kind="[^"]+"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    expect(reported).toBe(left);
    expect(left).toBe(1);
    // A kind with nothing waiting is reported as 0, not left out (alerts on absent series misfire).
    expect(sample(after, 'payroute_outbox_backlog{kind="employee.notify"}')).toBe(0);
    expect(sample(after, 'payroute_outbox_oldest_job_age_seconds{kind="payout.email"}')).toBe(0);
  });
});

describe("database pool", () => {
  it(TEST_DB === "pg" ? "PostgreSQL: connections of the pool" : "embedded: no pool to report", async () => {
    const text = await scrape();
    if (TEST_DB === "pg") {
      expect(sample(text, 'payroute_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(sample(text, 'payroute_db_pool_connections{state="waiting"}')).toBe(0);
      expect(sample(text, "payroute_db_pool_max")).toBe(5);
    } else {
      expect(text).not.toContain("payroute_db_pool_connections");
    }
  });
});
